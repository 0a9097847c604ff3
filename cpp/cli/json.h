#pragma once
// A small JSON reader and writer for the command-line program: objects, arrays, numbers, strings,
// true, false and null; errors name the position. (The engine itself reads no JSON.) Strict where
// laxness would let a bad value through: numbers follow JSON's grammar (no NaN, Infinity, hex or
// leading '+'), \u takes exactly four hex digits, and nesting is limited so that a hostile file
// cannot exhaust the stack.

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace cli {

struct Json {
  enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  std::string text;
  std::vector<Json> items;
  /// An object's members in the order of the file, so that its first bad key is the one reported.
  std::vector<std::pair<std::string, Json>> members;

  bool has(const std::string& key) const {
    if (kind != Kind::Object) return false;
    for (const auto& member : members)
      if (member.first == key) return true;
    return false;
  }
};

class JsonError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class JsonReader {
 public:
  /// Deeper nesting than any scenario or sweep needs, and far from a stack overflow.
  static constexpr int kMaxDepth = 64;

  explicit JsonReader(const std::string& source) : s_(source) {}

  Json parse() {
    Json value = parseValue();
    skipSpace();
    if (pos_ != s_.size()) fail("unexpected text after the JSON value");
    return value;
  }

 private:
  const std::string& s_;
  std::size_t pos_ = 0;
  int depth_ = 0;

  [[noreturn]] void fail(const std::string& what) const {
    throw JsonError("JSON: " + what + " at character " + std::to_string(pos_ + 1) + ".");
  }
  void skipSpace() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
      ++pos_;
  }
  bool consume(char c) {
    skipSpace();
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!consume(c)) fail(std::string("expected '") + c + "'");
  }
  bool word(const char* w) {
    const std::string token(w);
    if (s_.compare(pos_, token.size(), token) != 0) return false;
    pos_ += token.size();
    return true;
  }

  // Counts the nesting of the objects and arrays being read.
  struct Nesting {
    JsonReader& reader;
    explicit Nesting(JsonReader& r) : reader(r) {
      if (++reader.depth_ > kMaxDepth)
        reader.fail("more than " + std::to_string(kMaxDepth) + " nested objects or arrays");
    }
    ~Nesting() { --reader.depth_; }
  };

  Json parseValue() {
    skipSpace();
    if (pos_ >= s_.size()) fail("unexpected end");
    const char c = s_[pos_];
    if (c == '{' || c == '[') {
      const Nesting nesting(*this);
      return c == '{' ? parseObject() : parseArray();
    }
    Json value;
    if (c == '"') {
      value.kind = Json::Kind::String;
      value.text = parseString();
    } else if (word("true")) {
      value.kind = Json::Kind::Bool;
      value.boolean = true;
    } else if (word("false")) {
      value.kind = Json::Kind::Bool;
    } else if (word("null")) {
      value.kind = Json::Kind::Null;
    } else {
      value.kind = Json::Kind::Number;
      value.number = parseNumber();
    }
    return value;
  }

  Json parseObject() {
    Json value;
    value.kind = Json::Kind::Object;
    ++pos_;
    if (consume('}')) return value;
    do {
      skipSpace();
      if (pos_ >= s_.size() || s_[pos_] != '"') fail("expected a quoted key");
      const std::string key = parseString();
      // A key given twice would keep one of its values silently.
      if (value.has(key)) fail("the key \"" + key + "\" is given twice");
      expect(':');
      value.members.emplace_back(key, parseValue());
    } while (consume(','));
    expect('}');
    return value;
  }

  Json parseArray() {
    Json value;
    value.kind = Json::Kind::Array;
    ++pos_;
    if (consume(']')) return value;
    do value.items.push_back(parseValue());
    while (consume(','));
    expect(']');
    return value;
  }

  // A number by JSON's grammar, -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, converted by strtod
  // (the program runs in the "C" locale). Beyond the double range it is ±Inf, which every numeric
  // field refuses by name; below it, 0 or a subnormal.
  double parseNumber() {
    const std::size_t start = pos_;
    auto digits = [&] {
      const std::size_t from = pos_;
      while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
      return pos_ > from;
    };
    if (pos_ < s_.size() && s_[pos_] == '-') ++pos_;
    const std::size_t integerStart = pos_;
    if (!digits() || (s_[integerStart] == '0' && pos_ - integerStart > 1)) {  // no leading zeros
      pos_ = start;
      fail("expected a value");
    }
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      if (!digits()) fail("expected digits after the decimal point");
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (!digits()) fail("expected digits in the exponent");
    }
    return std::strtod(s_.substr(start, pos_ - start).c_str(), nullptr);
  }

  std::string parseString() {
    ++pos_;  // the opening quote
    std::string out;
    while (pos_ < s_.size() && s_[pos_] != '"') {
      char c = s_[pos_++];
      if (c == '\\') {
        if (pos_ >= s_.size()) fail("unfinished escape");
        const char e = s_[pos_++];
        if (e == 'n')
          c = '\n';
        else if (e == 't')
          c = '\t';
        else if (e == 'r')
          c = '\r';
        else if (e == 'b')
          c = '\b';
        else if (e == 'f')
          c = '\f';
        else if (e == 'u') {
          unsigned code = 0;
          for (int k = 0; k < 4; ++k, ++pos_) {
            const char h = pos_ < s_.size() ? s_[pos_] : '\0';
            if (!std::isxdigit(static_cast<unsigned char>(h))) fail("expected four hex digits after \\u");
            code = code * 16 + static_cast<unsigned>(std::isdigit(static_cast<unsigned char>(h))
                                                         ? h - '0'
                                                         : (h | 0x20) - 'a' + 10);
          }
          // UTF-8 for the basic plane (surrogate pairs are not needed by any field here).
          if (code < 0x80) {
            out += static_cast<char>(code);
          } else if (code < 0x800) {
            out += static_cast<char>(0xC0 | (code >> 6));
            out += static_cast<char>(0x80 | (code & 0x3F));
          } else {
            out += static_cast<char>(0xE0 | (code >> 12));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
          }
          continue;
        } else
          c = e;
      }
      out += c;
    }
    if (pos_ >= s_.size()) fail("unfinished string");
    ++pos_;
    return out;
  }
};

/// A number as JSON: the shortest text that reads back as the same double; non-finite values become null.
inline std::string jsonNumber(double value) {
  if (!std::isfinite(value)) return "null";
  char text[32];
  const auto result = std::to_chars(text, text + sizeof text, value);
  return std::string(text, result.ptr);
}

/// A string as JSON, quoted and escaped.
inline std::string jsonString(const std::string& value) {
  std::string out = "\"";
  for (const char c : value) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", c);
      out += escape;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace cli
