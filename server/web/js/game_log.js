// The part of one seat's game log that the client holds (docs/PROTOCOL.md, "Log"): the log's lines
// are numbered from 0 and the client holds the most recent ones, lines [first, size), filling in
// older ones a page at a time. Lines are whatever the title writes (Wilderness War's are
// {role, verb, arg, text}); this module never looks inside them.
//
//   const log = new GameLog();
//   log.reset(250);                        // a snapshot: 250 lines, none held
//   log.merge(150, lines);                 // a `log` frame: lines 150..249
//   log.apply({ keep: 248, lines: [...] }) // a patch: the first 248 lines, then these
//   log.line(200)                          // line 200, or undefined when not held
//   log.undone                             // [{n, line}]: held lines an undo took back
//
// Pure ES module: works in the browser and in Node.

export class GameLog {
  constructor() {
    this.known = false; // whether the log's size is known (a snapshot or an HTTP view came)
    this.first = 0; // the number of the oldest line held
    this.lines = []; // lines first, first + 1, ..., size - 1
    // The held lines that the undos since the last other change took back, oldest first, with
    // the numbers they had: the page shows them struck through rather than have them vanish.
    this.undone = [];
  }

  // The number of lines in the log (held or not).
  get size() {
    return this.first + this.lines.length;
  }

  // Whether every line from 0 is held.
  get complete() {
    return this.known && this.first === 0;
  }

  line(n) {
    return Number.isInteger(n) && n >= this.first && n < this.size ? this.lines[n - this.first] : undefined;
  }

  // Forgets every line: the log now has `size` lines, none of them held (a snapshot).
  reset(size) {
    if (!Number.isInteger(size) || size < 0) throw new RangeError(`a log size is an integer >= 0, not ${size}`);
    this.known = true;
    this.first = size;
    this.lines = [];
    this.undone = [];
  }

  // A patch's `log: {keep, lines}`: the log becomes its first `keep` lines followed by `lines`.
  // The lines from `keep` on that were held are dropped (an undo takes them back) and kept in
  // `undone` until a change that drops nothing. Returns false, and holds only the new lines,
  // when `keep` is beyond the lines the client knew of.
  apply({ keep, lines }) {
    if (!Number.isInteger(keep) || keep < 0 || !Array.isArray(lines)) throw new TypeError('a log change is {keep, lines}');
    if (keep > this.size || !this.known) {
      this.known = true;
      this.first = keep;
      this.lines = [...lines];
      this.undone = [];
      return false;
    }
    if (keep < this.size) {
      const dropped = [];
      for (let n = Math.max(keep, this.first); n < this.size; n++) dropped.push({ n, line: this.lines[n - this.first] });
      this.undone = dropped.concat(this.undone);
    } else {
      this.undone = [];
    }
    if (keep >= this.first) {
      this.lines.length = keep - this.first;
      this.lines.push(...lines);
    } else {
      this.first = keep;
      this.lines = [...lines];
    }
    return true;
  }

  // Older lines from a `log` frame of the same version: lines [from, from + lines.length). Only
  // what joins the lines held (from below) is taken; returns the number of lines added.
  merge(from, lines) {
    if (!Number.isInteger(from) || from < 0 || !Array.isArray(lines)) throw new TypeError('a log page is (from, lines)');
    const to = from + lines.length;
    if (!this.known || from >= this.first || to < this.first || to > this.size) return 0;
    const added = this.first - from;
    this.lines = lines.slice(0, added).concat(this.lines);
    this.first = from;
    return added;
  }
}
