// One primitive's `elicitations`, element by element: the declaration's own members, its protocol
// scope, then its mode's branch (form: the requestedSchema walk; url: the url's syntax).
import { resolveSchemaNode } from '../../model/componentRef';
import type { ElicitationDeclaration, Primitive } from '../../model/documentModel';
import { itemsOf, keyNodeOf, memberOf, propertyOf, type SyntaxNode } from '../../syntax/tree';
import { describeNode, quote } from '../../syntax/describe';
import type { DeclarationAspect } from '../elicitation/findings';
import { checkRequestedSchema, revisionList, type SchemaContext } from './formSchema';
import type { DeclarationFinding, DeclarationViolationKind } from './kinds';
import { checkedRevisionsIn } from './revisions';
import { MCP } from '../../mcp/revisions';
import { primitiveScope, scopeText, versionsOf, type Scope } from '../../model/protocolScope';
import { isSyntacticallyValidUri } from './uriSyntax';

const NAME_PATTERN = /^[A-Za-z0-9._-]+$/;
const PROSE_MEMBERS = ['when', 'onDecline', 'onCancel'] as const;

const OWNER_WORDS: Record<Primitive['kind'], string> = {
  tool: 'tool',
  resource: 'resource',
  resourceTemplate: 'resource template',
  prompt: 'prompt',
};

export function ownerText(owner: Primitive): string {
  return `${OWNER_WORDS[owner.kind]} ${owner.title}`;
}

export function declarationText(declaration: ElicitationDeclaration): string {
  const which =
    declaration.name !== undefined && !declaration.duplicateOf ? quote(declaration.name) : `elicitations[${declaration.index}]`;
  return `declaration ${which} of ${ownerText(declaration.owner)}`;
}

export function checkPrimitiveDeclarations(owner: Primitive): DeclarationFinding[] {
  const findings: DeclarationFinding[] = [];
  const elicitations = owner.elicitationsProperty?.value;
  if (!elicitations) return findings;
  const key = keyNodeOf(owner.elicitationsProperty)!;
  if (elicitations.type !== 'array') {
    push(
      findings,
      owner,
      undefined,
      'malformed-declaration',
      key,
      `The elicitations of ${ownerText(owner)} must be an array of declarations, not ${describeNode(elicitations)}.`,
      'elicitations',
    );
    return findings;
  }
  if (owner.declarations.length === 0) {
    push(
      findings,
      owner,
      undefined,
      'empty-elicitations',
      elicitations,
      `The elicitations of ${ownerText(owner)} is empty; leave it out when the ${OWNER_WORDS[owner.kind]} declares no elicitation.`,
    );
  }
  const parentScope = primitiveScope(owner.node, owner.root);
  for (const declaration of owner.declarations) checkDeclaration(declaration, parentScope, findings);
  return findings;
}

function push(
  findings: DeclarationFinding[],
  owner: Primitive,
  declaration: ElicitationDeclaration | undefined,
  violation: DeclarationViolationKind,
  anchor: SyntaxNode,
  message: string,
  aspect?: DeclarationAspect,
  target?: SyntaxNode,
): void {
  const finding: DeclarationFinding = { violation, offset: anchor.offset, length: anchor.length, message, owner };
  if (declaration) finding.declaration = declaration;
  if (aspect) finding.aspect = aspect;
  if (target) finding.target = target;
  findings.push(finding);
}

function checkDeclaration(
  declaration: ElicitationDeclaration,
  parentScope: Scope | undefined,
  findings: DeclarationFinding[],
): void {
  const { node, owner } = declaration;
  const report: DeclarationReport = (violation, anchor, message, aspect, target) =>
    push(findings, owner, declaration, violation, anchor, message, aspect, target);
  if (node.type !== 'object') {
    report(
      'malformed-declaration',
      node,
      `Elicitation declaration elicitations[${declaration.index}] of ${ownerText(owner)} must be an object, not ${describeNode(node)}.`,
      'element',
    );
    return;
  }
  // Message parts are built only for a message: most declarations have none.
  const title = () => declarationText(declaration);
  checkIdentity(declaration, title, report);
  checkTexts(declaration, title, report);

  const scope = declarationScope(declaration, parentScope, report);
  const revisions = checkedRevisionsIn(scope?.versions);
  const scopeWords = () => (scope ? scopeText(scope, OWNER_WORDS[owner.kind]) : 'no protocol revision');

  if (declaration.mode === 'url') checkUrlDeclaration(declaration, title, revisions, scopeWords, report);
  else if (declaration.mode === 'form') {
    reportOtherModesMember(
      node,
      'url',
      'form-with-url',
      () => `Elicitation ${title()} is in form mode, so it must not have a url (only url declarations have one).`,
      report,
    );
    checkFormSchema(declaration, title, { revisions, scopeText: scopeWords }, report);
  }
}

/** Its name (present, well-formed, unique) and its mode. */
function checkIdentity(declaration: ElicitationDeclaration, title: () => string, report: DeclarationReport): void {
  const { node, owner } = declaration;
  const anchor = declaration.nameNode ?? node;
  if (declaration.name === undefined) {
    report(
      'missing-name',
      anchor,
      declaration.nameNode
        ? `Elicitation ${title()} has name ${describeNode(declaration.nameNode)}; a name must be a string matching ^[A-Za-z0-9._-]+$.`
        : `Elicitation ${title()} has no name; every declaration needs a name matching ^[A-Za-z0-9._-]+$.`,
      'name',
    );
  } else if (!NAME_PATTERN.test(declaration.name)) {
    report(
      'invalid-name',
      declaration.nameNode!,
      `Elicitation declaration name ${quote(declaration.name)} of ${ownerText(owner)} must match ^[A-Za-z0-9._-]+$ (letters, digits, '.', '_', '-').`,
    );
  }
  if (declaration.duplicateOf) {
    report(
      'duplicate-name',
      declaration.nameNode!,
      `Elicitation declaration elicitations[${declaration.index}] of ${ownerText(owner)} repeats the name ${quote(declaration.name!)} of elicitations[${declaration.duplicateOf.index}]; names must be unique within the ${OWNER_WORDS[owner.kind]}.`,
      'duplicate',
    );
  }

  const mode = declaration.mode;
  if (!mode) {
    report(
      'invalid-mode',
      declaration.modeNode ?? anchor,
      declaration.modeNode
        ? `Elicitation ${title()} has mode ${describeNode(declaration.modeNode)}; it must be 'form' or 'url'.`
        : `Elicitation ${title()} has no mode; MCP Description requires an explicit 'form' or 'url'.`,
      'mode',
    );
  }
}

/** Its message and the other texts shown to people. */
function checkTexts(declaration: ElicitationDeclaration, title: () => string, report: DeclarationReport): void {
  const anchor = declaration.nameNode ?? declaration.node;
  const message = declaration.messageNode;
  if (!message) {
    report(
      'missing-message',
      anchor,
      `Elicitation ${title()} has no message; it needs the non-empty explanation shown to the user.`,
    );
  } else if (message.type !== 'string' || message.value === '') {
    report(
      'missing-message',
      message,
      `Elicitation ${title()} has message ${describeNode(message)}; it must be a non-empty string (the explanation shown to the user).`,
    );
  }
  for (const member of PROSE_MEMBERS) {
    const value = memberOf(declaration.node, member);
    if (value && (value.type !== 'string' || value.value === '')) {
      report(
        'empty-text',
        value,
        `Elicitation ${title()} has ${member} ${describeNode(value)}; when present it must be a non-empty description.`,
      );
    }
  }
}

/** A member only the other mode has (a form declaration's url, a url declaration's requestedSchema), on its key; its fix removes it. */
function reportOtherModesMember(
  node: SyntaxNode,
  member: string,
  violation: 'form-with-url' | 'url-with-requested-schema',
  message: () => string,
  report: DeclarationReport,
): void {
  const property = propertyOf(node, member);
  if (property) report(violation, keyNodeOf(property)!, message(), undefined, property);
}

/** A url-mode declaration: a revision of its scope without url mode, a requestedSchema, its url. */
function checkUrlDeclaration(
  declaration: ElicitationDeclaration,
  title: () => string,
  revisions: ReturnType<typeof checkedRevisionsIn>,
  scopeWords: () => string,
  report: DeclarationReport,
): void {
  const node = declaration.node;
  const withoutUrl = revisions.filter((revision) => !revision.urlMode);
  if (withoutUrl.length) {
    report(
      'revision-mismatch',
      declaration.modeNode!,
      `Elicitation ${title()} is in url mode, which MCP ${revisionList(withoutUrl)} does not have, and it applies to ${scopeWords()}; scope it to revisions with url mode (${MCP.introducedIn('elicitation.url')} and later) or use form mode.`,
    );
  }
  reportOtherModesMember(
    node,
    'requestedSchema',
    'url-with-requested-schema',
    () => `Elicitation ${title()} is in url mode, so it must not have a requestedSchema (only form declarations have one).`,
    report,
  );
  const url = declaration.urlNode;
  if (url && (url.type !== 'string' || !isSyntacticallyValidUri(url.value as string))) {
    report(
      'invalid-url',
      url,
      `Elicitation ${title()} has url ${describeNode(url)}, which is not a syntactically valid absolute URI (scheme:…); leave url out when it is chosen at run time.`,
    );
  }
}

type DeclarationReport = (
  violation: DeclarationViolationKind,
  anchor: SyntaxNode,
  message: string,
  aspect?: DeclarationAspect,
  target?: SyntaxNode,
) => void;

/** The declaration's effective scope, reporting an explicit one that is malformed or outside its primitive's. */
function declarationScope(
  declaration: ElicitationDeclaration,
  parentScope: Scope | undefined,
  report: DeclarationReport,
): Scope | undefined {
  const node = memberOf(declaration.node, 'protocolVersions');
  if (!node) return parentScope;
  const versions = versionsOf(node);
  const title = () => declarationText(declaration);
  if (!versions) {
    report(
      'invalid-scope',
      node,
      `Elicitation ${title()} has protocolVersions ${node.type === 'array' ? (node.items.length ? 'with an entry that is not a string' : '[] (empty)') : describeNode(node)}; it must be a non-empty array of MCP revisions, or left out to inherit the ${OWNER_WORDS[declaration.owner.kind]}'s.`,
    );
    return parentScope;
  }
  if (parentScope) {
    itemsOf(node).forEach((element, index) => {
      if (!parentScope.versions.includes(versions[index])) {
        report(
          'scope-outside-parent',
          element,
          `Elicitation ${title()} applies to ${quote(versions[index])}, which is outside ${scopeText(parentScope, OWNER_WORDS[declaration.owner.kind])}; a declaration's scope must be a subset of its ${OWNER_WORDS[declaration.owner.kind]}'s.`,
        );
      }
    });
  }
  return { versions, source: 'declaration' };
}

function checkFormSchema(
  declaration: ElicitationDeclaration,
  title: () => string,
  scope: Pick<SchemaContext, 'revisions' | 'scopeText'>,
  report: DeclarationReport,
): void {
  const written = declaration.requestedSchemaNode;
  const anchor = declaration.nameNode ?? declaration.node;
  if (!written) {
    report(
      'missing-requested-schema',
      anchor,
      `Elicitation ${title()} is in form mode but has no requestedSchema; a form declaration needs the schema of the form it requests.`,
      'requestedSchema',
    );
    return;
  }
  const key = keyNodeOf(propertyOf(declaration.node, 'requestedSchema'))!;
  const resolved = resolveSchemaNode(written, declaration.owner.root);
  if (!resolved.ok) {
    report(
      'invalid-requested-schema',
      memberOf(written, '$componentRef') ?? written,
      `The requestedSchema of ${title()} cannot be used: ${resolved.reason}.`,
      'requestedSchema',
    );
    return;
  }
  if (resolved.node.type !== 'object') {
    report(
      'invalid-requested-schema',
      resolved.via ? memberOf(written, '$componentRef')! : written,
      `The requestedSchema of ${title()} must be an object schema, not ${describeNode(resolved.node)}${resolved.via ? ` (through ${quote(resolved.via)})` : ''}.`,
      'requestedSchema',
    );
    return;
  }
  const via = resolved.via;
  const schemaTitle = () => (via ? `schema ${quote(via)}` : `the requestedSchema of ${title()}`);
  checkRequestedSchema(resolved.node, key, {
    ...scope,
    schemaTitle,
    report: (violation, at, message, target) => report(violation, at, message, 'requestedSchema', target),
  });
}
