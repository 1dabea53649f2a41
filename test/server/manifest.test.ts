// package.json and shared/src agree: every setting of the settings type is contributed with the
// default the server uses, and every command id the client registers is contributed with a title.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { COMMANDS } from '../../shared/src/constants';
import { CONFIG_RULE_ID, RULES, RULE_IDS, SEVERITY_SETTINGS, defaultSetting } from '../../shared/src/rules';
import { DEFAULT_SETTINGS } from '../../shared/src/settings';
import { repoPath } from './repoRoot';

interface Manifest {
  activationEvents: string[];
  capabilities: { untrustedWorkspaces: { supported: boolean } };
  contributes: {
    configuration: {
      properties: Record<
        string,
        {
          default: unknown;
          description?: string;
          markdownDescription?: string;
          properties?: Record<string, { description: string; type: string; enum: string[] }>;
        }
      >;
    };
    commands: Array<{ command: string; title: string; category?: string }>;
  };
}

const manifest = JSON.parse(fs.readFileSync(repoPath('package.json'), 'utf8')) as Manifest;

function flatten(value: unknown, prefix: string, into: Record<string, unknown>): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value) && !prefix.endsWith('.rules')) {
    for (const [key, child] of Object.entries(value)) flatten(child, `${prefix}.${key}`, into);
  } else {
    into[prefix] = value;
  }
  return into;
}

describe('extension manifest', () => {
  it('contributes every setting with its default and a description', () => {
    const expected = flatten(DEFAULT_SETTINGS, 'mcpdesc', {});
    const properties = manifest.contributes.configuration.properties;
    assert.deepEqual(Object.keys(properties).sort(), Object.keys(expected).sort());
    for (const [key, value] of Object.entries(expected)) {
      assert.deepEqual(properties[key].default, value, key);
      assert.ok((properties[key].description ?? properties[key].markdownDescription ?? '').length > 20, `${key} is described`);
    }
  });

  it('lists every rule of the rule table under mcpdesc.rules, with its severities and its default', () => {
    const rules = manifest.contributes.configuration.properties['mcpdesc.rules'].properties!;
    // The configuration file's own problems have no configurable severity.
    const configurable = RULE_IDS.filter((id) => id !== CONFIG_RULE_ID);
    assert.deepEqual(Object.keys(rules), configurable);
    for (const id of configurable) {
      assert.deepEqual(rules[id].enum, [...SEVERITY_SETTINGS], id);
      assert.equal(rules[id].type, 'string');
      const severity = RULES[id].defaultSeverity;
      if (id === 'mcpdesc.checker') continue;
      // A rule off by default says so, and the severity it gets when turned on; one whose kinds have
      // severities of their own (the whole-document rules: the official validator's) says 'on'.
      const named = RULES[id].offByDefault
        ? new RegExp(`Default: off \\(.*\\b${severity}\\)\\.$`).test(rules[id].description)
        : defaultSetting(id) === 'on'
          ? rules[id].description.includes("Default: on, each problem at the official validator's error or warning")
          : rules[id].description.endsWith(`Default: ${severity}.`);
      assert.ok(named, `${id} names its default (${RULES[id].offByDefault ? 'off, then ' : ''}${severity})`);
    }
  });

  it('ships a rule page for every rule of the rule table', () => {
    for (const id of RULE_IDS) {
      const page = fs.readFileSync(repoPath(`docs/rules/${RULES[id].docsFile}`), 'utf8');
      assert.ok(page.startsWith(`# \`${id}\``), `docs/rules/${RULES[id].docsFile} is the page of ${id}`);
    }
  });

  it('contributes the commands with the ids from shared/src/constants.ts', () => {
    assert.deepEqual(
      manifest.contributes.commands.map((command) => [command.command, `${command.category}: ${command.title}`]),
      [
        [COMMANDS.restartServer, 'MCP Description: Restart Server'],
        [COMMANDS.showOutput, 'MCP Description: Show Output'],
        [COMMANDS.fixAllInFile, 'MCP Description: Fix All Problems in File'],
        [COMMANDS.checkWorkspace, 'MCP Description: Check Workspace'],
        [COMMANDS.showBaselinedProblems, 'MCP Description: Show Baselined Problems'],
      ],
    );
  });

  it('runs in untrusted workspaces (the server never executes workspace code)', () => {
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, true);
  });
});
