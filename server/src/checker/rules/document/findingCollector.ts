// What the semantic checks of the whole document share: a collector that keeps one finding per
// kind and place (and detail), naming every revision it holds for, so that a problem in a scope of
// four revisions is one diagnostic, not four. Which revision has what is mcp/revisions.ts'.
import type { SyntaxNode } from '../../syntax/tree';
import { pointerOf } from './pointers';
import type { SemanticFinding, SemanticKind } from './semanticFinding';

export type Path = ReadonlyArray<string | number>;

/** How a message is said once the revisions it holds for are known ("MCP <revision> and <revision>"). */
export type Say = (revisions: string, plural: boolean) => string;

export class FindingCollector {
  private readonly byKey = new Map<string, { finding: Omit<SemanticFinding, 'message'>; revisions: string[]; say: Say }>();

  /**
   * `detail` tells apart findings of one kind at one place (two missing properties of one object);
   * `revision`, when the finding depends on one, is added to the revisions it names.
   */
  add(kind: SemanticKind, node: SyntaxNode, path: Path, say: Say, revision = '', detail = ''): void {
    const pointer = pointerOf(...path);
    const key = `${kind}\u0000${pointer}\u0000${detail}`;
    const known = this.byKey.get(key);
    if (known) {
      if (revision && !known.revisions.includes(revision)) known.revisions.push(revision);
      return;
    }
    this.byKey.set(key, {
      finding: { kind, offset: node.offset, length: node.length, pointer },
      revisions: revision ? [revision] : [],
      say,
    });
  }

  findings(): SemanticFinding[] {
    return [...this.byKey.values()].map(({ finding, revisions, say }) => ({
      ...finding,
      message: say(`MCP ${revisions.join(' and ')}`, revisions.length > 1),
    }));
  }
}
