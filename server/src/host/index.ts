// The host layer: what both fronts (the CLI and the language server) need from the machine, decided
// once. Which files are candidates, how a tree is walked and how far symlinks are followed, how a
// file is read and decoded, the size limit with its notice, and the document policy (whether a
// document is checked, with which options, what a check that throws becomes). The checker stays free
// of the file system; recognition (names, globs, the root member) is the checker's and is only
// called from here.
export {
  IGNORED_DIRECTORY_NAMES,
  isCandidateFile,
  isExcluded,
  isInIgnoredDirectory,
  isRecognizedByContent,
  isRecognizedByName,
  isSniffableName,
  type FileGlobs,
} from './candidates';
export {
  checkDecision,
  checkOptionsFor,
  checkOversized,
  checkText,
  describeError,
  documentByContent,
  documentFormat,
  failedCheck,
  fileDecision,
  decideText,
  isConfigFile,
  isScanned,
  oversized,
  readLimitBytes,
  runCheck,
  type CheckDecision,
  type TextDecision,
  type CheckInput,
  type CheckOutcome,
  type FailedCheck,
  type PolicySettings,
} from './documentPolicy';
export { describeFileError } from './fileErrors';
export { displayPath, isInside, recognitionPath, toPosixPath } from './paths';
export { fileAtPath, readHostFile, realPathOf, type FileAtPath, type HostFileRead } from './readFile';
export { exceedsLimit, fileTooLargeMessage, fileTooLargeNotice, maxFileBytes, OVERSIZED_HEAD_BYTES } from './sizeLimit';
export { walkFiles, walkFilesYielding, type WalkOptions } from './walk';
export {
  invalidConfigMessage,
  NO_PROJECT_CONFIG,
  ProjectConfigs,
  type ConfigScope,
  type EffectiveProjectConfig,
  type LoadedConfigFile,
} from './projectConfig';
