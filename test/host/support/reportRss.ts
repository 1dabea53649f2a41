// Preloaded (`node --require reportRss.js`) into the CLI that commandLine.test.ts runs: prints the
// process's peak memory on the way out, so a test can bound it. A file of its own rather than one the
// test writes: it is code of the child only, and the runner (scripts/run-tests.mjs) reads the test's
// own text for what would keep it out of its folder's shared process.
process.on('exit', () => process.stderr.write(`MAXRSS_KB=${process.resourceUsage().maxRSS}\n`));
