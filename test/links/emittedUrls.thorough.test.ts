// Every link we emit resolves. We have no web site or repository of our own, so no URL may point at
// one: the rule links are file: URIs of the pages shipped next to the code, and the only http(s)
// URLs allowed are listed below with the reason each exists. The format's organization (mcpdesc) is
// not ours: nothing of ours may be linked there, and the one link into it is the format's own
// specification text at its release tag, which the hover cites member by member. Scanned: every output format of the
// CLI on the example documents (URLs quoted from a checked document are the user's own and pass),
// the manifests, and the string literals of every bundle we ship (the .vsix's and the npm package's).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import { runCli } from '../../server/src/cli/run';
import { documentedSections, sectionUrl, SPEC_SITE_URL } from '../../server/src/checker/navigation/memberDocs';
import { installedPackage } from '../support/installedPackage';
import { repoPath } from '../support/repo';

/** URLs an output may contain, whatever the input. */
const ALLOWED_IN_OUTPUT: ReadonlyMap<string, string> = new Map([
  [
    'https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json',
    "SARIF's $schema: the OASIS standard's schema file",
  ],
  [
    'https://mcpdesc.org/schema/mcp-description/0.8.0.json',
    "MCP Description 0.8.0's schema identity (spec §4.5): compared with a document's $schema, named in the identity messages and written by their fixes, never fetched",
  ],
  [
    'https://modelcontextprotocol.io/extensions/overview',
    'the source of the pinned MCP extension catalogue, which the reserved-extension warnings must disclose (0.8.0 migration guide, Capabilities; mcp/extensionCatalogue.ts)',
  ],
]);

/** URLs and URL prefixes in the bundles' string literals: identifiers that libraries compare, not links anyone is sent to. */
const ALLOWED_IN_BUNDLES: ReadonlyArray<{ url: string; prefix?: true; why: string }> = [
  ...[...ALLOWED_IN_OUTPUT].map(([url, why]) => ({ url, why })),
  {
    url: 'http://json-schema.org/',
    prefix: true,
    why: "JSON Schema meta-schema ids (ajv, vscode-json-languageservice): a schema's $schema is compared with them",
  },
  {
    url: 'https://json-schema.org/draft/',
    prefix: true,
    why: 'JSON Schema 2019-09 / 2020-12 meta-schema and vocabulary ids (ajv)',
  },
  {
    url: 'https://raw.githubusercontent.com/ajv-validator/ajv/master/lib/refs/data.json#',
    why: "the id of ajv's $data reference schema",
  },
  { url: 'http://', why: 'a scheme prefix tested in code, not a link' },
  {
    url: 'https://mcpdesc.org/schema/0.8.0.json',
    why: "the short $schema identity 0.8.0 Drafts 1-3 shared (spec §4.5), compared with a document's $schema (formatVersion.ts)",
  },
  {
    url: 'https://example.com/',
    why: 'the placeholder a url declaration snippet selects for the author to overwrite (a reserved example domain, never opened)',
  },
];

/**
 * Where a link into the format's project may go: the 0.8.0 specification's pages on the format's
 * site, at a section's anchor (hover, memberDocs.ts). Nothing in its GitHub organization: a rule page
 * or a repository of ours there does not exist, and its specification is linked on the site.
 */
// The bundle holds the pages' common prefix as a literal; a link is a page of it.
const SPEC_PAGE = /^https:\/\/mcpdesc\.org\/docs\/specification\/0\.8\.0\/(?:[a-z-]+(#[a-z0-9_-]*)?)?$/;

/** Why a URL in a bundle is not allowed, or undefined when it is. */
function bundleUrlProblem(url: string): string | undefined {
  if (/github\.com\/mcpdesc\//i.test(url))
    return "(the format's organization has no repository of ours, and its specification is linked on its site)";
  if (SPEC_PAGE.test(url)) return undefined;
  if (ALLOWED_IN_BUNDLES.some((allowed) => (allowed.prefix ? url.startsWith(allowed.url) : url === allowed.url)))
    return undefined;
  return '';
}

const URL_PATTERN = /https?:\/\/[^\s"'`<>)\]}\\]*/g;

function urlsIn(text: string): string[] {
  return [...text.matchAll(URL_PATTERN)].map((match) => match[0].replace(/[.,;:]+$/, ''));
}

function filesUnder(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

async function cliOutput(format: string, ...targets: string[]): Promise<string> {
  let out = '';
  await runCli(['--format', format, ...targets], {
    cwd: repoPath(),
    env: {},
    stdoutIsTTY: false,
    writeOut: (text) => (out += text),
    writeErr: (text) => (out += text),
  });
  return out;
}

describe('emitted links', () => {
  const targets = [
    'test-fixtures/workspace',
    'test-fixtures/expected-invalid',
    'test-fixtures/expected-valid',
    'test-fixtures/yaml',
  ];

  it('CLI outputs hold no URL but the allowed ones and those quoted from the checked documents', async () => {
    const quoted = new Set(
      targets.flatMap((target) => filesUnder(repoPath(target)).flatMap((file) => urlsIn(fs.readFileSync(file, 'utf8')))),
    );
    const strays: string[] = [];
    let scanned = 0;
    // One run per format over all the targets: the same reports as one run per target, put together.
    for (const format of ['stylish', 'json', 'sarif', 'github']) {
      const output = await cliOutput(format, ...targets);
      assert.ok(output.length > 0, format);
      for (const url of urlsIn(output)) {
        scanned++;
        if (!ALLOWED_IN_OUTPUT.has(url) && !quoted.has(url)) strays.push(`${format}: ${url}`);
      }
    }
    assert.deepEqual(strays, []);
    assert.ok(scanned > 0, 'the outputs were scanned (SARIF names its schema)');
  });

  it('every rule link of a diagnostic is a file: URI of a shipped page that exists', async () => {
    const problems = JSON.parse(await cliOutput('json', 'test-fixtures/expected-invalid')) as Array<{ href: string }>;
    assert.ok(problems.length > 0);
    for (const { href } of problems) {
      assert.match(href, /^file:\/\/.*\/docs\/rules\/[a-z-]+\.md$/);
      assert.ok(fs.existsSync(fileURLToPath(href)), href);
    }
  });

  it('the manifests name no web site or repository', () => {
    const manifests = [repoPath('package.json'), path.join(installedPackage().packageDir, 'package.json')];
    for (const manifest of manifests) assert.deepEqual(urlsIn(fs.readFileSync(manifest, 'utf8')), [], manifest);
  });

  it("the bundles' string literals hold only allowed URLs, and none to the mcpdesc organization", async () => {
    const bundles = [
      ...['extension.js', 'server.js', 'cli.js'].map((name) => repoPath('dist', name)),
      ...['cli.js', 'server.js', 'index.js'].map((name) => path.join(installedPackage().packageDir, 'dist', name)),
    ];
    const strays: string[] = [];
    for (const bundle of bundles) {
      // Minified without comments, what is left of a URL is in a string, template or regular expression literal.
      const { code } = await esbuild.transform(fs.readFileSync(bundle, 'utf8'), {
        minify: true,
        legalComments: 'none',
        loader: 'js',
      });
      for (const url of new Set(urlsIn(code))) {
        const problem = bundleUrlProblem(url);
        if (problem !== undefined) strays.push(`${bundle}: ${url} ${problem}`.trimEnd());
      }
    }
    assert.deepEqual(strays, []);
  });

  it('the scan finds what it must reject', () => {
    assert.deepEqual(urlsIn('see "https://github.com/mcpdesc/mcpdesc-lsp/blob/main/docs/rules/x.md".'), [
      'https://github.com/mcpdesc/mcpdesc-lsp/blob/main/docs/rules/x.md',
    ]);
    assert.ok(
      !ALLOWED_IN_BUNDLES.some((allowed) =>
        allowed.prefix ? 'https://example.org/x'.startsWith(allowed.url) : allowed.url === 'https://example.org/x',
      ),
    );
    // Nothing in the format's GitHub organization passes; the specification's pages on its site do.
    for (const rejected of [
      'https://github.com/mcpdesc/mcpdesc-lsp/blob/main/docs/rules/x.md',
      'https://github.com/mcpdesc/mcpdesc-specification/blob/main/docs/rules/x.md',
      'https://github.com/mcpdesc/mcpdesc-specification/blob/main/spec/0.8.0/mcp-description.md#91-tool-object',
      'https://github.com/mcpdesc/mcpdesc-specification/blob/v0.8.0/spec/0.8.0/sections/09-tools.md',
      'https://github.com/mcpdesc/core',
    ])
      assert.notEqual(bundleUrlProblem(rejected), undefined, rejected);
    assert.notEqual(
      bundleUrlProblem('https://github.com/mcpdesc/mcpdesc-specification/blob/v0.8.0/spec/0.8.0/mcp-description.md'),
      undefined,
    );
    assert.equal(bundleUrlProblem(`${SPEC_SITE_URL}tools#91-tool-object`), undefined);
  });

  it("the hover's specification links: each section's anchor, as the specification's own links name them", () => {
    // Anchors the 0.8.0 text itself links to (its root table and cross-references), read by hand.
    assert.deepEqual(
      documentedSections().map((section) => sectionUrl(section).slice(SPEC_SITE_URL.length)),
      [
        'document-structure#3-document-structure',
        'info-object#5-info-object',
        'transports#6-transports',
        'tools#91-tool-object',
        'tools#95-tool-annotations',
        'tools#96-execution-object',
        'resources#1011-resource-object',
        'resources#1021-resource-template-object',
        'prompts#111-prompt-object',
        'prompts#112-prompt-argument-object',
        'tools#94-tool-interaction-examples',
        'elicitation#12-elicitation-declarations',
        'components#171-components-object',
        'components#17-reusable-components-and-local-references',
      ],
    );
    for (const section of documentedSections()) assert.match(sectionUrl(section), SPEC_PAGE, section);
  });
});
