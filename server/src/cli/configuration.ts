// The CLI's project configuration: the files the host layer finds above each document (the
// server's lookup), or the one file of --config, or none with --no-config; then the command
// line's flags over them. The order, lowest first: the rule table's defaults, the configuration
// files (outermost to nearest, each file's overrides after its rules), --report-unused-suppressions,
// --rule. Globs of the files and of --include/--exclude are one list.
import * as path from 'node:path';
import {
  CONFIG_RULE_ID,
  RULE_IDS,
  UNUSED_SUPPRESSION_RULE_ID,
  defaultSetting,
  type SeveritySetting,
} from '../../../shared/src/rules';
import {
  fileDecision,
  invalidConfigMessage,
  isInside,
  NO_PROJECT_CONFIG,
  ProjectConfigs,
  realPathOf,
  recognitionPath,
  type ConfigScope,
  type EffectiveProjectConfig,
  type FileGlobs,
  type LoadedConfigFile,
} from '../host';
import { displayPath } from '../host';
import type { CliOptions } from './options';

export class CliConfiguration {
  readonly configs: ProjectConfigs;
  private readonly realCwd: string;

  private constructor(
    private readonly cwd: string,
    private readonly options: CliOptions,
    /** The --config file, when one was given. */
    private readonly explicit: LoadedConfigFile | undefined,
  ) {
    this.configs = new ProjectConfigs();
    this.realCwd = realPathOf(cwd);
  }

  /** The configuration of a run, or the message why there can be none (an unreadable or invalid --config: exit 2). */
  static open(options: CliOptions, cwd: string): CliConfiguration | { message: string } {
    if (options.config === undefined) return new CliConfiguration(cwd, options, undefined);
    const configPath = path.resolve(cwd, options.config);
    const reader = new ProjectConfigs();
    const loaded = reader.read(configPath, realPathOf(path.dirname(configPath)));
    if ('missing' in loaded) return { message: `--config ${options.config}: cannot read: ${loaded.missing}` };
    if (!loaded.parsed.config) return { message: invalidConfigMessage(loaded, displayPath(configPath, cwd)) };
    return new CliConfiguration(cwd, options, loaded);
  }

  /** The --config file, when one was given (absolute). */
  get explicitPath(): string | undefined {
    return this.explicit?.path;
  }

  /** Whether mcpdesc-lint.config.* files found in the tree are used (and so checked). */
  get looksUp(): boolean {
    return !this.options.noConfig && this.explicit === undefined;
  }

  /** The lookup of a file under `realRoot` (discovery's): up to the current directory when the file is in it, else up to that root. */
  scopeOf(absolutePath: string, realRoot: string): ConfigScope {
    return isInside(this.cwd, absolutePath)
      ? { boundary: this.cwd, realBoundary: this.realCwd, recognitionRoot: this.cwd }
      : { boundary: realRoot, realBoundary: realRoot, recognitionRoot: this.cwd };
  }

  forFile(absolutePath: string, realRoot: string): EffectiveProjectConfig {
    if (this.options.noConfig) return NO_PROJECT_CONFIG;
    const scope = this.scopeOf(absolutePath, realRoot);
    return this.explicit ? this.configs.explicit(this.explicit, absolutePath, scope) : this.configs.forFile(absolutePath, scope);
  }

  /** The severities and globs for a file under this configuration. */
  settingsOf(effective: EffectiveProjectConfig): { rules: Record<string, SeveritySetting>; globs: FileGlobs } {
    const rules: Record<string, SeveritySetting> = { ...effective.rules };
    if (this.options.reportUnusedSuppressions && (rules[UNUSED_SUPPRESSION_RULE_ID] ?? 'off') === 'off')
      rules[UNUSED_SUPPRESSION_RULE_ID] = 'warning';
    Object.assign(rules, this.options.rules);
    return {
      rules,
      globs: {
        include: [...this.options.include, ...effective.globs.include],
        exclude: [...this.options.exclude, ...effective.globs.exclude],
      },
    };
  }

  /** --print-config FILE: what applies to it, as JSON; or the message of a configuration file that cannot be used. */
  printConfig(file: string): { text: string } | { message: string } {
    const absolutePath = path.resolve(this.cwd, file);
    const realRoot = realPathOf(path.dirname(absolutePath));
    const effective = this.forFile(absolutePath, realRoot);
    if (effective.invalid.length > 0) {
      return {
        message: effective.invalid.map((loaded) => invalidConfigMessage(loaded, displayPath(loaded.path, this.cwd))).join('\n'),
      };
    }
    const { rules, globs } = this.settingsOf(effective);
    const severities: Record<string, SeveritySetting> = {};
    // mcpdesc.config is about the configuration files themselves and is not configurable.
    for (const id of RULE_IDS.filter((ruleId) => ruleId !== CONFIG_RULE_ID)) severities[id] = rules[id] ?? defaultSetting(id);
    for (const [id, severity] of Object.entries(rules)) severities[id] ??= severity;
    const printed = {
      file: displayPath(absolutePath, this.cwd),
      configFiles: this.explicit
        ? [displayPath(this.explicit.path, this.cwd)]
        : effective.files.map((configPath) => displayPath(configPath, this.cwd)),
      excluded: fileDecision(recognitionPath(absolutePath, this.cwd), { files: globs }) === 'excluded',
      rules: severities,
      include: globs.include,
      exclude: globs.exclude,
    };
    return { text: `${JSON.stringify(printed, null, 2)}\n` };
  }
}
