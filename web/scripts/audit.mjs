// `npm audit` against a written allow list (web/audit-allow.json; docs/decisions.md DEP2).
// Fails on any advisory not in the list, and on a list entry past its review date. Where the
// registry's advisory service cannot be reached (these build machines' registry mirror answers
// 405), it says so plainly and fails only when PORTAL_AUDIT_REQUIRED=1.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const allowFile = new URL('../audit-allow.json', import.meta.url);
const allow = JSON.parse(readFileSync(allowFile, 'utf8')).advisories;
const today = new Date().toISOString().slice(0, 10);

const expired = allow.filter((entry) => entry.reviewBy < today);
for (const entry of expired) {
  console.error(`npm audit: the allowance of ${entry.id} (${entry.package}) was to be reviewed by ${entry.reviewBy}.`);
}

// A saved report may be given instead (`node scripts/audit.mjs report.json`), to check this script.
const run = process.argv[2]
  ? { stdout: readFileSync(process.argv[2], 'utf8'), stderr: '' }
  : spawnSync('npm', ['audit', '--json'], { cwd: new URL('..', import.meta.url), encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = { error: { summary: (run.stderr || run.stdout || 'no answer').trim().split('\n')[0] } };
}
if (!report.vulnerabilities) {
  const why = report.message || report.error?.summary || 'no report';
  console.log(`npm audit: NOT CHECKED - the registry's advisory service could not be used here (${why}).`);
  process.exit(process.env.PORTAL_AUDIT_REQUIRED === '1' || expired.length > 0 ? 1 : 0);
}

/** Every advisory in the report, once, by its GitHub advisory id (the end of its URL). */
const found = new Map();
for (const vulnerability of Object.values(report.vulnerabilities)) {
  for (const via of vulnerability.via) {
    if (typeof via !== 'object') continue;
    const id = via.url?.split('/').pop() ?? String(via.source);
    found.set(id, { id, package: via.name, severity: via.severity, title: via.title });
  }
}
const allowed = new Set(allow.map((entry) => entry.id));
const unreviewed = [...found.values()].filter((advisory) => !allowed.has(advisory.id));
for (const advisory of unreviewed) {
  console.error(`npm audit: ${advisory.id} ${advisory.severity} in ${advisory.package}: ${advisory.title}`);
}
console.log(
  `npm audit: ${found.size} advisories, ${found.size - unreviewed.length} allowed in web/audit-allow.json, ${unreviewed.length} not reviewed`,
);
process.exit(unreviewed.length > 0 || expired.length > 0 ? 1 : 0);
