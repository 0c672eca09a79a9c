#pragma once
// JSON written as text where the feed knows its shape, byte for byte as nlohmann's dump() would
// write it (docs/PROTOCOL.md, "View"): strings, JSON Pointers (RFC 6901), RFC 6902 operations,
// and a seat's legal actions in the protocol's form {verb: true | [args...]} straight from the
// engine's ActionList, with the operations between two of them. The feed hashes and patches these
// texts instead of building, dumping and diffing JSON trees on every move.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/action_list.hpp"
#include "engine/core/json_string.hpp"

namespace warpath::protocol {

// Strings as the engine writes them (engine/core/json_string.hpp).
using engine::append_json_string;
using engine::plain_json_text;
// `value`'s text as value.dump() writes it, appended to `out` without a string of its own; plain
// strings are copied as they are rather than run through nlohmann's serializer.
void append_json(std::string& out, const nlohmann::json& value);
// A JSON Pointer to member `key` of what `parent` points to (RFC 6901).
std::string pointer_to(std::string_view key, std::string_view parent = {});
// A value's text: what dump() writes.
std::string json_text(const nlohmann::json& value);

// RFC 6902 operations as the text of a JSON array's elements, separated by commas.
class OpsText {
 public:
  void add(std::string_view path, std::string_view value_text) { write("add", path, value_text); }
  void replace(std::string_view path, std::string_view value_text) { write("replace", path, value_text); }
  void remove(std::string_view path) { write("remove", path, {}); }
  void append_text(std::string_view elements);  // operations written as text (engine::append_patch_op)
  // The operations of nlohmann's json::diff(from, to, path), the same ones in the same order (an
  // array's surplus places removed from the last one down, then the new ones added at its end; an
  // object's members diffed or removed in name order, then the new ones added), written without
  // building each as a JSON tree first.
  void json_diff(const nlohmann::json& from, const nlohmann::json& to, const std::string& path);
  bool empty() const { return text_.empty(); }
  // Where the text stands, to come back to with replace_if_shorter.
  std::size_t mark() const { return text_.size(); }
  // Whether the operations written since `mark` are longer than one replacing `path`'s value by a
  // value of `value_bytes`; replace_since then writes that one in their stead. Both are the same
  // change to the document (RFC 6902 leaves the choice of operations to the writer): a patch takes
  // the shorter, e.g. a stage's legal actions all gone and new ones listed.
  bool longer_than_replace(std::size_t mark, std::string_view path, std::size_t value_bytes) const;
  void replace_since(std::size_t mark, std::string_view path, std::string_view value_text);
  const std::string& elements() const { return text_; }

 private:
  void write(std::string_view op, std::string_view path, std::string_view value_text);
  std::string text_;
};

// A seat's legal actions (or those of them to confirm) in the protocol's form, verb by verb: each
// verb's value as text and where each argument's text ends in it. Rebuilt in place move after
// move, reusing its buffers.
class ActionsText {
 public:
  // The form of `list` (verbs in name order, each verb's arguments in listing order), plus the word
  // actions `words` (the framework's `undo`). A verb listed both as a word and with arguments
  // throws std::logic_error, as ActionList::to_json does.
  void assign(const engine::ActionList& list, std::span<const std::string_view> words = {});
  void clear() { used_ = 0; }
  // A copy of `other` at its exact size, without its spare buffers: for keeping, while `other`
  // stays the one rebuilt move after move.
  void keep_copy_of(const ActionsText& other);
  bool empty() const { return used_ == 0; }
  // The object's text, appended to `out`.
  void write(std::string& out) const;
  std::string text() const;
  // The operations that turn `from` into `to` at `path` as the feed diffs JSON objects: verbs gone
  // first, then each verb added or changed in name order; an argument list with more than two
  // changed places and more than an eighth of its length is replaced whole, a shorter change is
  // patched place by place (nlohmann's json::diff of two arrays).
  static void diff(const ActionsText& from, const ActionsText& to, std::string_view path, OpsText& ops);

 private:
  struct Verb {
    std::string name;
    bool word = false;
    std::string text;                 // "true" or "[arg,...]"
    std::vector<std::uint32_t> ends;  // where each argument's text ends in `text`
    std::string_view arg(std::size_t i) const {
      const std::uint32_t begin = i == 0 ? 1 : ends[i - 1] + 1;
      return std::string_view(text).substr(begin, ends[i] - begin);
    }
  };
  Verb& verb_slot(std::string_view name);
  static void diff_args(const Verb& from, const Verb& to, const std::string& path, OpsText& ops);

  std::vector<Verb> verbs_;  // the first used_ in name order; the rest are spare buffers
  std::size_t used_ = 0;
};

}  // namespace warpath::protocol
