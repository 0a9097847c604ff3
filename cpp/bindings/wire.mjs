// The wire's JS side (cpp/bindings/value_wire.h is the C++ side; engine.mjs makes the calls): every
// request and reply of the start-up module (a run's, a catalog's) crosses into and out of wasm as a
// byte stream and a number stream, one copy each, instead of one Embind call per key, value and string.
// Tags: 0 null, 1 false, 2 true, 3 number, 4 string (u32 length, UTF-8), 5 list (u32 count), 6 object
// (u32 count, then key and value per member), 7 Float64Array (u32 count of the number stream), 8 (a
// request's) a value with no counterpart in a request, by its typeof.
// A reply's key is a string, or (the u32's top bit set) an index into the module's key table, which
// only grows and which the module's loader mirrors (wireKeys) before it decodes a reply.

const utf8 = { encoder: new TextEncoder(), decoder: new TextDecoder() };

/**
 * The request's writer: its bytes and numbers in buffers kept from one request to the next (grown as
 * needed), each object's member count written in its place once its members are (those undefined left
 * out), so that a request builds no array of its own.
 */
class WireEncoder {
  bytes = new Uint8Array(1024);
  used = 0;
  numbers = new Float64Array(64);
  counted = 0;

  byte(b) {
    if (this.used === this.bytes.length) this.bytes = grown(this.bytes, this.used + 1);
    this.bytes[this.used++] = b;
  }

  count(n) {
    for (let shift = 0; shift < 32; shift += 8) this.byte((n >>> shift) & 0xff);
  }

  /** The u32 `n` in place of the four bytes at `at`. */
  countAt(at, n) {
    for (let i = 0; i < 4; i++) this.bytes[at + i] = (n >>> (8 * i)) & 0xff;
  }

  text(string) {
    let ascii = true;
    for (let i = 0; i < string.length && ascii; i++) ascii = string.charCodeAt(i) < 0x80;
    const encoded = ascii ? null : utf8.encoder.encode(string);
    const length = ascii ? string.length : encoded.length;
    this.count(length);
    if (this.used + length > this.bytes.length) this.bytes = grown(this.bytes, this.used + length);
    if (encoded) this.bytes.set(encoded, this.used);
    else for (let i = 0; i < length; i++) this.bytes[this.used + i] = string.charCodeAt(i);
    this.used += length;
  }

  /** A Uint8Array's bytes, as a text's. */
  raw(bytes) {
    this.count(bytes.length);
    if (this.used + bytes.length > this.bytes.length)
      this.bytes = grown(this.bytes, this.used + bytes.length);
    this.bytes.set(bytes, this.used);
    this.used += bytes.length;
  }

  number(v) {
    if (this.counted === this.numbers.length) this.numbers = grown(this.numbers, this.counted + 1);
    this.numbers[this.counted++] = v;
  }

  value(v) {
    if (v === null || v === undefined) return this.byte(0);
    switch (typeof v) {
      case 'boolean':
        return this.byte(v ? 2 : 1);
      case 'number':
        this.number(v);
        return this.byte(3);
      case 'string':
        this.byte(4);
        return this.text(v);
      case 'object':
        break;
      default:
        // A function, a symbol or a bigint: the module's reader refuses it by its path.
        this.byte(8);
        return this.text(typeof v);
    }
    // A Uint8Array is the bytes of a text (a file's UTF-8 as read); any other typed array or buffer is
    // an object of its own enumerable keys, as JSON.stringify writes it.
    if (v instanceof Uint8Array) {
      this.byte(4);
      return this.raw(v);
    }
    if (Array.isArray(v)) {
      this.byte(5);
      this.count(v.length);
      for (const item of v) this.value(item);
      return;
    }
    this.byte(6);
    const at = this.used;
    this.count(0);
    let members = 0;
    for (const key of Object.keys(v)) {
      if (v[key] === undefined) continue;
      members++;
      this.text(key);
      this.value(v[key]);
    }
    this.countAt(at, members);
  }
}

/** A typed array like `array` with room for `needed` items at least, its contents copied. */
function grown(array, needed) {
  const larger = new array.constructor(Math.max(2 * array.length, needed));
  larger.set(array);
  return larger;
}

const wireEncoder = new WireEncoder();

/**
 * A request as the wire's streams: undefined members left out (an undefined item is null), keys in their
 * order, as JSON.stringify writes them. The streams are views of buffers that the next request reuses:
 * copy them before encoding another.
 */
export function encodeWire(request) {
  wireEncoder.used = 0;
  wireEncoder.counted = 0;
  wireEncoder.value(request);
  return {
    bytes: wireEncoder.bytes.subarray(0, wireEncoder.used),
    numbers: wireEncoder.numbers.subarray(0, wireEncoder.counted),
  };
}

// Short names met before (and keys written out), by a hash of their bytes: a reply repeats the same
// names ('coulomb', 'stick') at every call, and a lookup costs a fraction of building the string again
// (a 2-row run's reply took 12 µs to decode, 7 µs with these and its keys so). Cleared when full.
const knownTexts = new Map();

/** One UTF-8 text of `length` bytes from `at` in `bytes`. */
function utf8Text(bytes, at, length) {
  return utf8.decoder.decode(bytes.slice(at, at + length));
}

/**
 * The module's key table, mirrored: `mirror` ({ list, read }) gets the entries the module has added to
 * its table (`length` bytes from `address` in `bytes`, the module's memory) since the first `read`
 * bytes; returns the list.
 */
export function mirrorWireKeys(mirror, bytes, address, length) {
  let at = address + mirror.read;
  while (at < address + length) {
    const n = u32At(bytes, at);
    mirror.list.push(utf8Text(bytes, at + 4, n));
    at += 4 + n;
  }
  mirror.read = length;
  return mirror.list;
}

const KEY_INDEX = 0x80000000;

/** The u32 at `at` in `bytes`, least significant byte first. */
function u32At(bytes, at) {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
}

/**
 * A reader of one reply: where it is in the byte and number streams, as fields (a decoder of closures
 * over the same variables took a tenth longer in node: they live in a context, not in registers).
 */
class WireDecoder {
  constructor(bytes, numbers, at, number, keys) {
    this.bytes = bytes;
    this.numbers = numbers;
    this.at = at;
    this.number = number;
    this.keys = keys;
  }

  count() {
    const n = u32At(this.bytes, this.at);
    this.at += 4;
    return n;
  }

  /** A text of `length` bytes: a short one met before from knownTexts. */
  text(length) {
    const { bytes, at } = this;
    const end = at + length;
    this.at = end;
    if (length > 64) return utf8Text(bytes, at, length);
    let hash = length;
    for (let i = at; i < end; i++) hash = (Math.imul(hash, 31) + bytes[i]) | 0;
    const known = knownTexts.get(hash);
    if (known !== undefined && known.length === length) {
      let same = true;
      for (let i = 0; i < length && same; i++) same = known.charCodeAt(i) === bytes[at + i];
      if (same) return known;
    }
    let ascii = true;
    for (let i = at; i < end && ascii; i++) ascii = bytes[i] < 0x80;
    if (!ascii) return utf8Text(bytes, at, length);
    // Short ASCII (names): character by character, cheaper than a decoder call or a view.
    let string = '';
    for (let i = at; i < end; i++) string += String.fromCharCode(bytes[i]);
    if (knownTexts.size >= 4096) knownTexts.clear();
    knownTexts.set(hash, string);
    return string;
  }

  /** A member's key: its index into the key table, or its text. */
  key() {
    const length = this.count();
    if (length < KEY_INDEX) return this.text(length);
    const key = this.keys[length - KEY_INDEX];
    if (key === undefined)
      throw new Error(`The reply's key #${length - KEY_INDEX} is not in its table.`);
    return key;
  }

  value() {
    switch (this.bytes[this.at++]) {
      case 0:
        return null;
      case 1:
        return false;
      case 2:
        return true;
      case 3:
        return this.numbers[this.number++];
      case 4:
        return this.text(this.count());
      case 5: {
        const list = new Array(this.count());
        for (let i = 0; i < list.length; i++) list[i] = this.value();
        return list;
      }
      case 6: {
        const object = {};
        for (let n = this.count(); n > 0; n--) {
          const key = this.key();
          object[key] = this.value();
        }
        return object;
      }
      default: {
        const length = this.count();
        this.number += length;
        return this.numbers.slice(this.number - length, this.number);
      }
    }
  }
}

/**
 * The reply the wire's streams hold, from `at` in `bytes` and `number` in `numbers` (the module's
 * memory, HEAPU8 and HEAPF64: read before the next call), its keys' indices into `keys`, the module's
 * key table (mirrorWireKeys).
 */
export function decodeWire(bytes, numbers, at = 0, number = 0, keys = []) {
  return new WireDecoder(bytes, numbers, at, number, keys).value();
}
