export { repoRoot } from '../../support/repo';
