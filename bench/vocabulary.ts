// Words the generator builds names, messages and values from, so generated documents read like the
// descriptions of real MCP servers rather than random bytes (string lengths and shapes matter to
// parsers and validators).

export const VERBS = [
  'prepare', 'publish', 'deploy', 'rollback', 'create', 'update', 'delete', 'archive', 'restore',
  'schedule', 'approve', 'review', 'merge', 'sync', 'export', 'import', 'invite', 'rotate', 'scan',
  'summarize', 'tag', 'assign', 'close', 'open', 'book', 'cancel', 'refund', 'charge', 'notify',
] as const;

export const NOUNS = [
  'release', 'invoice', 'ticket', 'deployment', 'branch', 'meeting', 'user', 'report', 'dataset',
  'backup', 'secret', 'order', 'payment', 'incident', 'alert', 'page', 'document', 'repository',
  'cluster', 'calendar_event', 'subscription', 'customer', 'campaign', 'build', 'artifact', 'label',
] as const;

export const ADJECTIVES = [
  'acme', 'northwind', 'contoso', 'globex', 'initech', 'umbrella', 'stark', 'wayne', 'hooli',
  'pied-piper', 'vandelay', 'cyberdyne', 'tyrell', 'soylent', 'gringotts',
] as const;

export const WORDS = [
  'the', 'release', 'plan', 'should', 'include', 'smoke', 'tests', 'and', 'a', 'changelog', 'entry',
  'before', 'publishing', 'confirm', 'that', 'every', 'service', 'is', 'healthy', 'after', 'deploy',
  'summarize', 'pending', 'changes', 'for', 'reviewer', 'customer', 'asked', 'about', 'refund',
  'status', 'of', 'order', 'please', 'check', 'calendar', 'availability', 'next', 'week', 'with',
  'team', 'budget', 'limit', 'was', 'exceeded', 'by', 'three', 'percent', 'rotate', 'credentials',
  'weekly', 'report', 'shows', 'fewer', 'incidents', 'than', 'last', 'month', 'migration', 'window',
  'opens', 'on', 'friday', 'evening', 'rollback', 'steps', 'are', 'documented', 'in', 'runbook',
] as const;

export const ELICITATION_NAMES = [
  'confirm', 'approve', 'authorize', 'collect_contact', 'choose_region', 'schedule', 'connect_account',
  'select_plan', 'verify_identity', 'pick_reviewer', 'set_budget', 'acknowledge', 'sign_in',
  'grant_access', 'provide_details', 'choose_window', 'rate_experience',
] as const;

export const UNKNOWN_DECLARATION_NAMES = [
  'missing', 'confirm_v2', 'legacy_approval', 'oauth', 'ask_user', 'form1', 'unknown',
] as const;

/** Names an own-key lookup must not find on a plain object. */
export const PROTOTYPE_NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'] as const;

export const PROPERTY_NAMES = {
  email: ['email', 'contact_email', 'reviewer_email', 'billing_email', 'notify_email'],
  uri: ['homepage', 'callback_url', 'repository_url', 'avatar', 'docs_link'],
  date: ['start_date', 'due_date', 'birthday', 'release_date', 'renewal_date'],
  'date-time': ['deadline', 'starts_at', 'scheduled_for', 'expires_at', 'window_start'],
  enum: ['region', 'priority', 'plan', 'environment', 'severity', 'channel', 'visibility'],
  text: ['name', 'notes', 'reason', 'title', 'summary', 'comment', 'display_name'],
  number: ['budget', 'ratio', 'amount', 'threshold', 'weight'],
  integer: ['count', 'replicas', 'seats', 'retries', 'duration_minutes', 'quantity'],
  boolean: ['approved', 'notify', 'dry_run', 'accept_terms', 'force', 'subscribe'],
} as const;

export const ENUM_VALUES = [
  ['us-east-1', 'us-west-2', 'eu-west-1', 'eu-central-1', 'ap-southeast-2'],
  ['low', 'medium', 'high', 'critical'],
  ['free', 'team', 'business', 'enterprise'],
  ['development', 'staging', 'production'],
  ['email', 'slack', 'sms', 'webhook'],
  ['public', 'internal', 'private'],
] as const;

export const DOMAINS = ['example.com', 'example.org', 'acme.test', 'corp.example', 'mail.example.net'] as const;

export const MODELS = ['claude-3-sonnet-20240229', 'claude-3-5-haiku-20241022', 'gpt-4o-mini', 'gemini-1.5-pro'] as const;
