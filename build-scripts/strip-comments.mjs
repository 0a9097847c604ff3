// JavaScript source without its comments, for build-scripts/payload-size.mjs, which reads the
// imports of the page's modules from what is left. Strings are kept (so `// …` inside a string
// survives and a JSDoc `{import('…')}` does not count as an import). Knows strings, template
// literals (with ${}), and regular expression literals by the usual rule (a `/` where an operand is
// expected).

/** The source with its comments removed (a block comment becomes one space). */
export function stripComments(source) {
  return new CommentStripper(source).run();
}

// After these, a `/` starts a regular expression rather than dividing.
const OPERAND_EXPECTED_AFTER_PUNCTUATOR = /[(,=:[!&|?{};+\-*%<>~^]$/;
const OPERAND_EXPECTED_AFTER_KEYWORD =
  /\b(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/;

/** A one-pass scanner: each step reads one token (a comment, a string, a template, a regex, a character). */
class CommentStripper {
  #source;
  #n;
  #i = 0;
  #out = '';
  /** For each open `${`: the brace depth at which its template resumes. */
  #braces = [];
  #depth = 0;
  /** The last few characters of the last token that was not white space ('' at the start). */
  #lastSignificant = '';

  constructor(source) {
    this.#source = source;
    this.#n = source.length;
  }

  run() {
    while (this.#i < this.#n) this.#step();
    return this.#out;
  }

  #step() {
    const c = this.#source[this.#i];
    const next = this.#source[this.#i + 1];
    if (c === '/' && next === '/') this.#skipLineComment();
    else if (c === '/' && next === '*') this.#skipBlockComment();
    else if (c === '"' || c === "'") this.#copyString(c);
    else if (c === '`') this.#copyTemplateStart();
    else if (c === '/' && this.#regexMayFollow()) this.#copyRegex();
    else if (c === '}' && this.#closesSubstitution()) this.#resumeTemplate();
    else this.#copyCharacter(c);
  }

  #regexMayFollow() {
    const last = this.#lastSignificant;
    return (
      last === '' ||
      OPERAND_EXPECTED_AFTER_PUNCTUATOR.test(last) ||
      OPERAND_EXPECTED_AFTER_KEYWORD.test(last)
    );
  }

  #skipLineComment() {
    while (this.#i < this.#n && this.#source[this.#i] !== '\n') this.#i++;
  }

  #skipBlockComment() {
    const end = this.#source.indexOf('*/', this.#i + 2);
    this.#i = end < 0 ? this.#n : end + 2;
    this.#out += ' ';
  }

  /** A quoted string, to its closing quote or the end of its line. */
  #copyString(quote) {
    const source = this.#source;
    let j = this.#i + 1;
    while (j < this.#n && source[j] !== quote && source[j] !== '\n')
      j += source[j] === '\\' ? 2 : 1;
    this.#copyTo(j + 1);
  }

  #copyTemplateStart() {
    this.#out += '`';
    this.#i++;
    this.#copyTemplate();
    this.#lastSignificant = 'x';
  }

  /** A regular expression literal with its flags; a `/` inside a class ([…]) does not end it. */
  #copyRegex() {
    const source = this.#source;
    let j = this.#i + 1;
    let inClass = false;
    while (j < this.#n && source[j] !== '\n') {
      if (source[j] === '\\') {
        j += 2;
        continue;
      }
      if (source[j] === '[') inClass = true;
      else if (source[j] === ']') inClass = false;
      else if (source[j] === '/' && !inClass) break;
      j++;
    }
    while (j + 1 < this.#n && /[a-z]/i.test(source[j + 1])) j++;
    this.#copyTo(j + 1);
  }

  /** Copies up to `end` (exclusive): a string or a regex, an operand for what follows. */
  #copyTo(end) {
    this.#out += this.#source.slice(this.#i, end);
    this.#i = end;
    this.#lastSignificant = 'x';
  }

  /** Whether this `}` closes a template's `${`; the brace depth is counted either way. */
  #closesSubstitution() {
    this.#depth--;
    const braces = this.#braces;
    return braces.length > 0 && braces[braces.length - 1] === this.#depth;
  }

  #resumeTemplate() {
    this.#braces.pop();
    this.#out += '}';
    this.#i++;
    this.#copyTemplate();
    this.#lastSignificant = 'x';
  }

  /** From just after ` (or after the } closing a ${…}); stops after ` or ${. */
  #copyTemplate() {
    const source = this.#source;
    while (this.#i < this.#n) {
      const c = source[this.#i];
      this.#out += c;
      this.#i++;
      if (c === '\\') {
        this.#out += source[this.#i] ?? '';
        this.#i++;
        continue;
      }
      if (c === '`') return;
      if (c === '$' && source[this.#i] === '{') {
        this.#out += '{';
        this.#i++;
        this.#braces.push(this.#depth);
        this.#depth++;
        return;
      }
    }
  }

  #copyCharacter(c) {
    if (c === '{') this.#depth++;
    this.#out += c;
    this.#i++;
    if (/\s/.test(c)) return;
    const last = this.#lastSignificant;
    this.#lastSignificant = /[\w$]/.test(c) ? (/[\w$]$/.test(last) ? last + c : c).slice(-8) : c;
  }
}
