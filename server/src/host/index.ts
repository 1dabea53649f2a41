// The host layer: what both fronts (the CLI and the language server) need from the machine, decided
// once. Which files are candidates, how a tree is walked and how far symlinks are followed, how a
// file is read and decoded, and the size limit with its notice. The checker stays free of the file
// system; recognition (names, globs, the root member) is the checker's and is only called from here.
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
export { describeFileError } from './fileErrors';
export { isInside, recognitionPath, toPosixPath } from './paths';
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
