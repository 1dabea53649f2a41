// ANSI styling for the human format, off unless a terminal is reading and NO_COLOR is unset
// (https://no-color.org: any non-empty value). FORCE_COLOR turns it on for terminals that hide as pipes.
export interface Palette {
  red(text: string): string;
  yellow(text: string): string;
  blue(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
  underline(text: string): string;
}

export function shouldUseColor(isTTY: boolean, env: Readonly<Record<string, string | undefined>>): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  return isTTY;
}

const style =
  (open: number, close: number) =>
  (text: string): string =>
    `\u001b[${open}m${text}\u001b[${close}m`;
const plain = (text: string): string => text;

export function palette(enabled: boolean): Palette {
  if (!enabled) return { red: plain, yellow: plain, blue: plain, dim: plain, bold: plain, underline: plain };
  return {
    red: style(31, 39),
    yellow: style(33, 39),
    blue: style(34, 39),
    dim: style(2, 22),
    bold: style(1, 22),
    underline: style(4, 24),
  };
}
