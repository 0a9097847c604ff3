#pragma once
// A small JSON reader and writer for the command-line program: objects, arrays, numbers, strings,
// true, false and null; errors name the position. (The engine itself reads no JSON.)

#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace cli {

struct Json {
  enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  std::string text;
  std::vector<Json> items;
  std::map<std::string, Json> members;

  bool has(const std::string& key) const { return kind == Kind::Object && members.count(key) > 0; }
  const Json& at(const std::string& key) const { return members.at(key); }
};

class JsonError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class JsonReader {
 public:
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

  [[noreturn]] void fail(const std::string& what) const {
    throw JsonError("JSON: " + what + " at character " + std::to_string(pos_ + 1) + ".");
  }
  void skipSpace() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) ++pos_;
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

  Json parseValue() {
    skipSpace();
    if (pos_ >= s_.size()) fail("unexpected end");
    Json value;
    const char c = s_[pos_];
    if (c == '{') {
      value.kind = Json::Kind::Object;
      ++pos_;
      if (consume('}')) return value;
      do {
        skipSpace();
        if (pos_ >= s_.size() || s_[pos_] != '"') fail("expected a quoted key");
        const std::string key = parseString();
        expect(':');
        value.members[key] = parseValue();
      } while (consume(','));
      expect('}');
    } else if (c == '[') {
      value.kind = Json::Kind::Array;
      ++pos_;
      if (consume(']')) return value;
      do value.items.push_back(parseValue());
      while (consume(','));
      expect(']');
    } else if (c == '"') {
      value.kind = Json::Kind::String;
      value.text = parseString();
    } else if (word("true")) {
      value.kind = Json::Kind::Bool, value.boolean = true;
    } else if (word("false")) {
      value.kind = Json::Kind::Bool;
    } else if (word("null")) {
      value.kind = Json::Kind::Null;
    } else {
      value.kind = Json::Kind::Number;
      std::size_t used = 0;
      try {
        value.number = std::stod(s_.substr(pos_, 64), &used);
      } catch (const std::exception&) {
        fail("expected a value");
      }
      pos_ += used;
    }
    return value;
  }

  std::string parseString() {
    ++pos_;  // the opening quote
    std::string out;
    while (pos_ < s_.size() && s_[pos_] != '"') {
      char c = s_[pos_++];
      if (c == '\\') {
        if (pos_ >= s_.size()) fail("unfinished escape");
        const char e = s_[pos_++];
        if (e == 'n') c = '\n';
        else if (e == 't') c = '\t';
        else if (e == 'r') c = '\r';
        else if (e == 'b') c = '\b';
        else if (e == 'f') c = '\f';
        else if (e == 'u') {
          if (pos_ + 4 > s_.size()) fail("unfinished \\u escape");
          const unsigned code = static_cast<unsigned>(std::stoul(s_.substr(pos_, 4), nullptr, 16));
          pos_ += 4;
          // UTF-8 for the basic plane (surrogate pairs are not needed by any field here).
          if (code < 0x80) out += static_cast<char>(code);
          else if (code < 0x800) out += static_cast<char>(0xC0 | (code >> 6)), out += static_cast<char>(0x80 | (code & 0x3F));
          else out += static_cast<char>(0xE0 | (code >> 12)), out += static_cast<char>(0x80 | ((code >> 6) & 0x3F)),
               out += static_cast<char>(0x80 | (code & 0x3F));
          continue;
        } else c = e;
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
    if (c == '"' || c == '\\') out += '\\', out += c;
    else if (c == '\n') out += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", c);
      out += escape;
    } else out += c;
  }
  return out + "\"";
}

}  // namespace cli
