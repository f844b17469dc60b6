#include "puppetdb/fact_object.hpp"

#include <optional>
#include <utility>
#include <vector>

#include "puppetdb/json_scan.hpp"
#include "puppetdb/store.hpp"
#include "puppetdb/stored_text.hpp"
#include "puppetdb/varint.hpp"

namespace marionette::puppetdb {

namespace {

using Json = nlohmann::json;

constexpr unsigned char kPiecesMark = 0x02;
constexpr unsigned char kLearntPiecesMark = 0x03;

/// The dictionaries given, one after the other (the small piece's: the facts' dictionary and the
/// learnt one; the large piece's: those and the small piece's text, which the large one repeats:
/// a node's addresses, host name and domain in its networking).
std::string_view chained_dictionary(std::string_view dictionary, std::string_view learnt,
                                    std::string_view small) {
  thread_local std::string chained;
  chained.assign(dictionary);
  chained += learnt;
  chained += small;
  return chained;
}

/// A piece's place and bytes: deflated when that is smaller.
void append_piece(std::string& out, const std::string& text, std::string_view dictionary) {
  const std::optional<std::string> deflated = deflated_piece(text, dictionary);
  const std::string& bytes = deflated ? *deflated : text;
  put_varint(out, bytes.size() * 2 + (deflated ? 1 : 0));
  out += bytes;
}

/// Whether the member written `a` comes before the member written `b` (names quoted as
/// written) in nlohmann's order, by their parsed names' bytes.
bool named_before(std::string_view a, std::string_view b) {
  if (a.find('\\') == std::string_view::npos && b.find('\\') == std::string_view::npos)
    return a.substr(1, a.size() - 2) < b.substr(1, b.size() - 2);
  return json_name(a) < json_name(b);
}

/// A reader thread's inflate buffer, kept between values (a query reads thousands of nodes'
/// facts) but let go after one past 256 KiB, so one large node's facts are not held for ever.
class ReusedBuffer {
 public:
  explicit ReusedBuffer(std::string& buffer) : buffer_(buffer) {}
  ~ReusedBuffer() {
    if (buffer_.capacity() > 256 * 1024) std::string().swap(buffer_);
  }
  ReusedBuffer(const ReusedBuffer&) = delete;
  ReusedBuffer& operator=(const ReusedBuffer&) = delete;

 private:
  std::string& buffer_;
};

}  // namespace

std::string stored_fact_object(const Json& values, const LearntDictionary* learnt) {
  const std::string whole = values.dump();
  // a small object as the text itself; one past what the store keeps refused (413) there
  if (whole.size() < kDeflateFieldFrom || whole.size() > kLargestDocument || !values.is_object())
    return stored_text(whole, kDeflateFieldFrom, facts_dictionary());
  std::string small = "{", large = "{";
  for (const auto& [name, value] : values.items()) {
    const std::string value_text = value.dump();
    const bool in_small = value_text.size() < kLargeFactFrom ||
                          (name == "os" && value_text.size() < kSmallOsFactUpTo);
    std::string& piece = in_small ? small : large;
    if (piece.size() > 1) piece += ',';
    piece += Json(name).dump();
    piece += ':';
    piece += value_text;
  }
  small += '}';
  large += '}';
  const std::string_view dictionary = facts_dictionary();
  const std::uint32_t id = deflate_dictionary_id(dictionary);
  std::string stored(1, static_cast<char>(learnt ? kLearntPiecesMark : kPiecesMark));
  for (int shift = 24; shift >= 0; shift -= 8) stored += static_cast<char>((id >> shift) & 0xff);
  std::string_view learnt_text;
  if (learnt) {
    stored += learnt_name_bytes(learnt->name);
    learnt_text = *learnt->text;
  }
  append_piece(stored, small, chained_dictionary(dictionary, learnt_text, {}));
  append_piece(stored, large, chained_dictionary(dictionary, learnt_text, small));
  return stored;
}

FactObject::FactObject(std::string stored, const LearntDictionaryLookup& learnt)
    : stored_(std::move(stored)) {
  const unsigned char mark = stored_.empty() ? 0 : static_cast<unsigned char>(stored_[0]);
  if (mark != kPiecesMark && mark != kLearntPiecesMark) {
    whole_ = json_text(stored_);
    return;
  }
  pieces_ = true;
  std::size_t at = 5 + (mark == kLearntPiecesMark ? kLearntNameBytes : 0);
  if (stored_.size() < at) throw StoreError("a fact-object's index is cut short");
  for (std::size_t i = 1; i < 5; ++i)
    dictionary_ = (dictionary_ << 8) | static_cast<unsigned char>(stored_[i]);
  if (mark == kLearntPiecesMark) {
    const std::string name =
        learnt_name_of_bytes(std::string_view(stored_).substr(5, kLearntNameBytes));
    if (!learnt) throw StoreError("a fact-object names the learnt dictionary " + name);
    learnt_ = learnt(name);
    if (!learnt_) throw StoreError("the learnt dictionary " + name + " is not in the store");
  }
  for (Piece* piece : {&small_, &large_}) {
    const std::optional<std::uint64_t> read = get_varint(stored_, at);
    if (!read) throw StoreError("a fact-object's index is cut short");
    const std::uint64_t place = *read;
    if (place / 2 > stored_.size() - at)
      throw StoreError("a fact-object is shorter than its index");
    *piece = {at, static_cast<std::size_t>(place / 2), (place & 1) == 1};
    at += piece->length;
  }
  if (at != stored_.size()) throw StoreError("a fact-object is longer than its index");
}

std::string_view FactObject::small_text(std::string& inflated) const {
  const std::string_view bytes = std::string_view(stored_).substr(small_.from, small_.length);
  if (!small_.deflated) return bytes;
  if (learnt_)
    inflate_piece_into(bytes, dictionary_with({}), inflated);
  else
    inflate_piece_into(bytes, dictionary_, inflated);
  return inflated;
}

std::string_view FactObject::dictionary_with(std::string_view then) const {
  return chained_dictionary(deflate_dictionary_of(dictionary_),
                            learnt_ ? std::string_view(*learnt_) : std::string_view(), then);
}

std::string_view FactObject::large_text(std::string_view small, std::string& inflated) const {
  const std::string_view bytes = std::string_view(stored_).substr(large_.from, large_.length);
  if (!large_.deflated) return bytes;
  inflate_piece_into(bytes, dictionary_with(small), inflated);
  return inflated;
}

std::string FactObject::text(const std::function<bool(std::string_view name)>& wanted,
                             std::size_t accepted) const {
  using Member = std::pair<std::string_view, std::string_view>;
  auto members_of = [&](std::string_view object, std::vector<Member>& into) {
    // (until all that `wanted` accepts are found)
    for_each_json_member_while(object, [&](std::string_view name, std::string_view value) {
      std::string unescaped;
      if (wanted && !wanted(json_name_view(name, unescaped))) return true;
      into.emplace_back(name, value);
      return !wanted || into.size() != accepted;
    });
  };
  if (!pieces_ && !wanted) return whole_;
  std::vector<Member> firsts, seconds;
  // each reader thread inflates into the same two buffers
  thread_local std::string small_inflated, large_inflated;
  const ReusedBuffer small_kept(small_inflated), large_kept(large_inflated);
  std::string_view small, large;
  if (pieces_) {
    small = small_text(small_inflated);
    members_of(small, firsts);
    if (!wanted || accepted == 0 || firsts.size() < accepted) {
      large = large_text(small, large_inflated);
      members_of(large, seconds);
    }
  } else {
    members_of(whole_, firsts);
  }
  std::string text;
  text.reserve(small.size() + large.size() + (pieces_ ? 0 : whole_.size()));
  text += '{';
  auto add = [&](const Member& member) {
    if (text.size() > 1) text += ',';
    text += member.first;
    text += ':';
    text += member.second;
  };
  // both pieces by name: merged in that order
  auto first = firsts.begin(), second = seconds.begin();
  while (first != firsts.end() || second != seconds.end()) {
    if (second == seconds.end() ||
        (first != firsts.end() && named_before(first->first, second->first)))
      add(*first++);
    else
      add(*second++);
  }
  text += '}';
  return text;
}

void FactObject::for_each_member(
    const std::function<bool(std::string_view name)>& wanted, std::size_t accepted,
    const std::function<void(std::string_view written, std::string_view value)>& each) const {
  std::size_t found = 0;
  auto members_of = [&](std::string_view object) {  // until all it accepts are found
    for_each_json_member_while(object, [&](std::string_view name, std::string_view value) {
      std::string unescaped;
      if (!wanted(json_name_view(name, unescaped))) return true;
      each(name, value);
      return ++found != accepted;
    });
  };
  if (!pieces_) {
    members_of(whole_);
    return;
  }
  // each reader thread inflates into the same two buffers
  thread_local std::string small_inflated, large_inflated;
  const ReusedBuffer small_kept(small_inflated), large_kept(large_inflated);
  const std::string_view small = small_text(small_inflated);
  members_of(small);
  if (accepted == 0 || found < accepted) members_of(large_text(small, large_inflated));
}

Json FactObject::members_where(const std::function<bool(std::string_view name)>& wanted,
                               std::size_t accepted) const {
  if (!pieces_) return json_members_where(whole_, wanted);
  // each reader thread inflates into the same two buffers
  thread_local std::string small_inflated, large_inflated;
  const ReusedBuffer small_kept(small_inflated), large_kept(large_inflated);
  const std::string_view small = small_text(small_inflated);
  Json members = json_members_where(small, wanted);
  if (accepted != 0 && members.size() >= accepted) return members;
  Json large = json_members_where(large_text(small, large_inflated), wanted);
  for (auto& [name, value] : large.items()) members[name] = std::move(value);
  return members;
}

}  // namespace marionette::puppetdb
