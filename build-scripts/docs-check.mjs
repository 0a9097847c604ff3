// Checks the manual (README.md and docs/**/*.md) for links that lead nowhere and for passages that
// point outside the repository. `node build-scripts/docs-check.mjs [FILE.md...]` prints each problem
// with its file and line and exits 1 if there is any (no files: README.md and every page of docs/);
// tests/wasm/docs-links.test.mjs runs the same checks.
//
// What is checked:
// - Every relative link and image, in Markdown ([text](target), ![alt](target), [id]: target) or in
//   HTML (href, src), resolves from the page's folder to a file or folder of the repository; a link
//   with an #anchor also needs a heading of the target page whose GitHub anchor is that one.
// - No passage, code included, names a path outside the repository: a link that climbs out of it,
//   a `../` path in text (read from the repository's root, where the manual's commands run), an
//   absolute path into a machine's file system (/work/…, /root/…, /home/…, ~/…, file:///…, C:\…),
//   or a Markdown document (NAME.md) that the repository does not hold.
// - Every path into the repository that a passage names in code (`cpp/…`, `web/…`, `tests/…`,
//   `build-scripts/…`, `docs/…`) exists; `*` matches within one folder, and a name with a
//   placeholder (<view>) is not checked.

import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const defaultRoot = fileURLToPath(new URL('../', import.meta.url));
const skippedFolders = new Set(['.git', 'node_modules', 'build', 'dist', 'test-results']);

// The top-level folders of a Unix or macOS file system, and the ones this project's machines use.
const systemFolders =
  'work|root|home|tmp|usr|etc|opt|var|mnt|srv|media|shared|Users|private|bin|sbin|lib|boot|proc|sys|run|dev|nix';
const absolutePath = new RegExp(
  String.raw`(?<![\w.:/~!-])(?:\/(?:${systemFolders})(?=[\/\s\`'"),;]|$)|~\/|file:\/\/\/|[A-Za-z]:\\)`,
  'gm',
);
const climbingPath = /(?<![\w./-])(?:\.\.\/)+[^\s`'"()<>[\]|,;]*/g;
const markdownName = /(?<![\w./-])[\w.-]+\.md\b/g;
const repositoryPath = /(?<![\w./-])(?:cpp|web|tests|build-scripts|docs|\.ci)\/[^\s`'"()[\]|,;]*/g;

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces to hyphens. */
export function githubSlug(text) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The heading's text as GitHub shows it: code spans, emphasis and links reduced to their words. */
function headingText(markdown) {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/[*]/g, '')
    .trim();
}

const blank = (text) => ' '.repeat(text.length);

/** Blanks fenced code blocks, keeping every character where it was. */
export function outsideFences(markdown) {
  let fenced = false;
  const lines = markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return blank(line);
    }
    return fenced ? blank(line) : line;
  });
  return lines.join('\n');
}

/** Blanks fenced code blocks and inline code spans, keeping every character where it was. */
export function proseOnly(markdown) {
  return outsideFences(markdown).replace(/`[^`\n]*`/g, blank);
}

/** The anchors of a page's headings, with GitHub's -1, -2 … for repeated ones. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  for (const line of outsideFences(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = githubSlug(headingText(heading[1]));
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every link target of a page outside code: Markdown links, images, references and HTML attributes. */
export function linksOf(markdown) {
  const prose = proseOnly(markdown);
  const patterns = [
    /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
    /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm,
    /\b(?:href|src)\s*=\s*"([^"]*)"/g,
  ];
  const links = [];
  for (const pattern of patterns)
    for (const match of prose.matchAll(pattern))
      links.push({ target: match[1], index: match.index + match[0].lastIndexOf(match[1]) });
  return links.sort((a, b) => a.index - b.index);
}

/** The text with its link targets blanked: they are checked as links, from the page's folder. */
function withoutLinkTargets(text) {
  let blanked = text;
  for (const { target, index } of linksOf(text))
    blanked =
      blanked.slice(0, index) + ' '.repeat(target.length) + blanked.slice(index + target.length);
  return blanked;
}

const lineAt = (text, index) => text.slice(0, index).split('\n').length;
const isExternal = (target) => /^[a-z][a-z0-9+.-]*:/i.test(target);
const insideRoot = (root, absolute) => {
  const relative = path.relative(root, absolute);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** The repository's files and folders, relative to its root with '/' separators. */
export async function repositoryEntries(root = defaultRoot) {
  const entries = new Set();
  async function walk(folder) {
    for (const entry of await readdir(path.join(root, folder), { withFileTypes: true })) {
      if (entry.isDirectory() && skippedFolders.has(entry.name)) continue;
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      entries.add(relative);
      if (entry.isDirectory()) await walk(relative);
    }
  }
  await walk('');
  return entries;
}

/** A link's anchor against the anchors of its page. */
function anchorProblem(anchors, target, anchor) {
  return anchors.has(anchor) ? null : `the link ${target} names no heading of its page`;
}

/** Problems with one link of page `file` (relative to root, its text `text`): a target that is
 * missing, outside the repository, or whose anchor names no heading. */
async function checkLink(root, file, text, target, readPage) {
  if (isExternal(target)) return null;
  const [pathPart, anchor] = target.split('#');
  if (!pathPart) return anchorProblem(anchorsOf(text), target, anchor);
  const absolute = path.resolve(root, path.dirname(file), decodeURIComponent(pathPart));
  if (!insideRoot(root, absolute)) return `the link ${target} leads outside the repository`;
  const found = await stat(absolute).catch(() => null);
  if (!found) return `the link ${target} leads to no file`;
  if (anchor === undefined) return null;
  if (!absolute.endsWith('.md'))
    return `the link ${target} has an anchor but is not a Markdown page`;
  return anchorProblem(anchorsOf(await readPage(absolute)), target, anchor);
}

/** Passages of `text` that name a place outside the repository, or a repository path that is not there. */
function checkPassages(page, entries) {
  const text = withoutLinkTargets(page);
  const problems = [];
  const report = (match, message) => problems.push({ index: match.index, message });
  for (const match of text.matchAll(absolutePath))
    report(match, `names a path outside the repository: ${match[0]}…`);
  for (const match of text.matchAll(climbingPath))
    report(match, `names a path outside the repository: ${match[0]}`);
  const names = new Set([...entries].map((entry) => entry.split('/').pop()));
  for (const match of text.matchAll(markdownName))
    if (!names.has(match[0]))
      report(match, `names a document the repository does not hold: ${match[0]}`);
  for (const match of text.matchAll(repositoryPath))
    if (!namesEntry(match[0], entries))
      report(match, `names a repository path that is not there: ${match[0]}`);
  return problems;
}

/**
 * Whether a repository path exists: possibly with `*`, a trailing '/', ':LINE' or a final '.', or
 * without its extension (`cpp/cli/scenario_json` for its .h and .cpp).
 */
function namesEntry(name, entries) {
  const cleaned = name
    .replace(/[.:]+$/, '')
    .replace(/:\d+$/, '')
    .replace(/\/$/, '');
  if (/[<{]/.test(cleaned)) return true;
  if (!cleaned.includes('*'))
    return entries.has(cleaned) || [...entries].some((entry) => entry.startsWith(`${cleaned}.`));
  const escaped = cleaned.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  const pattern = new RegExp(`^${escaped}$`);
  return [...entries].some((entry) => pattern.test(entry));
}

/** Every problem of one page `file` (relative to root), each { file, line, message }. */
export async function checkPage(root, file, text, entries) {
  const pages = new Map();
  const readPage = async (absolute) => {
    if (!pages.has(absolute)) pages.set(absolute, await readFile(absolute, 'utf8'));
    return pages.get(absolute);
  };
  const problems = checkPassages(text, entries);
  for (const { target, index } of linksOf(text)) {
    const message = await checkLink(root, file, text, target, readPage);
    if (message) problems.push({ index, message });
  }
  return problems
    .sort((a, b) => a.index - b.index)
    .map(({ index, message }) => ({ file, line: lineAt(text, index), message }));
}

/** README.md and every Markdown page under docs/, relative to root. */
export async function manualPages(root = defaultRoot) {
  const entries = await repositoryEntries(root);
  const pages = [...entries].filter((entry) => entry.startsWith('docs/') && entry.endsWith('.md'));
  return ['README.md', ...pages.sort()];
}

/** The problems of the given pages (default: the whole manual). */
export async function checkManual(root = defaultRoot, files) {
  const entries = await repositoryEntries(root);
  const problems = [];
  for (const file of files ?? (await manualPages(root))) {
    const text = await readFile(path.join(root, file), 'utf8');
    problems.push(...(await checkPage(root, file, text, entries)));
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2).map((file) => path.relative(defaultRoot, path.resolve(file)));
  const problems = await checkManual(defaultRoot, files.length > 0 ? files : undefined);
  for (const { file, line, message } of problems) console.log(`${file}:${line}: ${message}`);
  console.log(`${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
