#include "puppetdb/fleet_data.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>

#include "digest/digest.hpp"
#include "puppetdb/compiled_catalog.hpp"
#include "puppetdb/fact_object.hpp"
#include "puppetdb/fact_tree.hpp"
#include "puppetdb/json_scan.hpp"
#include "puppetdb/learnt_dictionary.hpp"
#include "puppetdb/node_row.hpp"
#include "puppetdb/packed_resources.hpp"
#include "puppetdb/query_error.hpp"
#include "puppetdb/rows.hpp"
#include "puppetdb/shared_groups.hpp"
#include "puppetdb/stored_text.hpp"
#include "puppetdb/timestamp.hpp"
#include "puppetdb/wire_format.hpp"

namespace marionette::puppetdb {

namespace {

/// The text of these facts of a node's fact-object (the large piece left shut when the small
/// one holds them all).
std::string named_facts_text(const FactObject& stored, const std::set<std::string>& names) {
  const std::set<std::string, std::less<>> wanted(names.begin(), names.end());
  return stored.text([&](std::string_view name) { return wanted.count(name) > 0; }, names.size());
}

std::string string_field(const Json& payload, const char* name, bool required) {
  auto found = payload.find(name);
  if (found == payload.end() || found->is_null()) {
    if (required) throw QueryError(400, std::string("Missing required field '") + name + "'");
    return "";
  }
  if (!found->is_string())
    throw QueryError(400, std::string("Field '") + name + "' must be a string");
  return found->get<std::string>();
}

Json optional_string(const Json& payload, const char* name) {
  auto found = payload.find(name);
  if (found == payload.end() || !found->is_string()) return nullptr;
  return *found;
}

std::string certname_of(const Json& payload) {
  if (!payload.is_object()) throw QueryError(400, "The command's payload is not a JSON object");
  std::string certname = string_field(payload, "certname", true);
  if (certname.empty() || certname.find_first_of("{}") != std::string::npos ||
      certname.find('\0') != std::string::npos)
    throw QueryError(400, "Invalid certname '" + certname + "'");
  return certname;
}

/// The producer_timestamp in PuppetDB's form; `received` when the command has none.
std::string producer_time(const Json& payload, const std::string& received) {
  std::string given = string_field(payload, "producer_timestamp", false);
  if (given.empty()) return received;
  if (!parse_timestamp(given)) throw QueryError(400, "Invalid producer_timestamp '" + given + "'");
  return normalized_timestamp(given);
}

bool older(const std::string& a, const std::string& b) {
  return parse_timestamp(a).value_or(0) < parse_timestamp(b).value_or(0);
}

/// A node's document, facts or catalog header or report as stored: deflated with the
/// documents' dictionary (their field names are most of a small document's bytes).
std::string own_document(const Json& document) {
  return stored_text(document.dump(), kDeflateFieldFrom, documents_dictionary());
}

/// The sets a node's facts put it in, in the index layout `layout` (kIndexLayout, or an
/// earlier one's sets of certnames for upgrade_indexes).
std::vector<Membership> fact_sets(const KeyLayout& keys, const Json& values,
                                  const std::string& certname, const std::string& id,
                                  int layout = kIndexLayout) {
  std::vector<Membership> sets;
  if (!values.is_object()) return sets;
  for (const auto& [name, value] : values.items()) {
    if (layout < 3)
      sets.emplace_back(keys.fact_name_v2(name), certname);
    else
      sets.emplace_back(keys.fact_name(name), id);
    for_each_leaf(name, value, [&](const Json& path, const Json& leaf) {
      if (layout < 2)
        sets.emplace_back(keys.fact_leaf_v1(path, leaf), certname);
      else
        sets.emplace_back(keys.fact_leaf(path, leaf), id);
    });
  }
  return sets;
}

std::vector<Membership> catalog_sets(const KeyLayout& keys, const Json& resources,
                                     const std::string& certname, const std::string& id,
                                     int layout = kIndexLayout) {
  std::vector<Membership> sets;
  if (!resources.is_array()) return sets;
  // an index of ids (layout 3) or of certnames (earlier), by its key in either
  auto add = [&](const std::string& current, const std::string& earlier) {
    if (layout < 3)
      sets.emplace_back(earlier, certname);
    else
      sets.emplace_back(current, id);
  };
  for (const Json& resource : resources) {
    std::string type = resource.value("type", "");
    std::string title = resource.value("title", "");
    add(keys.resource_type(type), keys.resource_type_v2(type));
    if (layout < 2)
      sets.emplace_back(keys.resource_title_v1(type, title), certname);
    else
      sets.emplace_back(keys.resource_title(type, title), id);
    if (resource.value("exported", false))
      add(keys.exported_type(type), keys.exported_type_v2(type));
    if (auto tags = resource.find("tags"); tags != resource.end() && tags->is_array())
      for (const Json& tag : *tags)
        if (tag.is_string())
          add(keys.resource_tag(tag.get<std::string>()),
              keys.resource_tag_v2(tag.get<std::string>()));
  }
  return sets;
}

/// The sets a compiled catalog puts the node in (catalog_sets of its stored resources).
std::vector<Membership> catalog_sets(const KeyLayout& keys, const catalog::Catalog& catalog,
                                     const std::string& certname, const std::string& id) {
  (void)certname;
  std::vector<Membership> sets;
  for (const catalog::Resource& resource : catalog.resources) {
    sets.emplace_back(keys.resource_type(resource.type), id);
    sets.emplace_back(keys.resource_title(resource.type, resource.title), id);
    if (resource.exported) sets.emplace_back(keys.exported_type(resource.type), id);
    for (std::string_view tag : stored_tags(resource))
      sets.emplace_back(keys.resource_tag(std::string(tag)), id);
  }
  return sets;
}

/// The first 16 hex digits of the text's SHA-1: the id sets' keys.
std::string short_hash(const std::string& text) {
  return digest::hex(digest::Algorithm::sha1, text).substr(0, 16);
}

/// A catalog's version as PuppetDB keeps it: a string (a number is written out).
Json version_text(const Json& payload) {
  auto found = payload.find("version");
  if (found == payload.end() || found->is_null()) return nullptr;
  return found->is_string() ? *found : Json(found->dump());
}

/// `given`'s tags and parameters are moved out.
Json catalog_resource(Json& given) {
  if (!given.is_object() || !given.contains("type") || !given.contains("title") ||
      !given["type"].is_string() || !given["title"].is_string())
    throw QueryError(400, "A catalog resource needs a type and a title");
  Json resource = {{"type", given["type"]},
                   {"title", given["title"]},
                   {"exported", given.value("exported", false)},
                   {"file", given.value("file", Json(nullptr))},
                   {"line", given.value("line", Json(nullptr))}};
  resource["tags"] = take_member(given, "tags", Json::array());
  resource["parameters"] = take_member(given, "parameters", Json::object());
  std::set<std::string> tags;
  for (const Json& tag : resource["tags"])
    if (tag.is_string()) tags.insert(tag.get<std::string>());
  resource["tags"] = Json(std::vector<std::string>(tags.begin(), tags.end()));
  return resource;
}

}  // namespace

std::string KeyLayout::fact_leaf(const Json& path, const Json& value) const {
  return base_ + "ix:fv:" + short_hash(path.dump() + "=" + value.dump());
}

std::string KeyLayout::resource_title(const std::string& type, const std::string& title) const {
  return base_ + "ix:tt:" + short_hash(type + '\0' + title);
}

std::vector<std::string> FleetData::members(const std::string& key) {
  if (!keys_.holds_node_ids(key)) return store_.members(key);
  // the ids in the set and in the bitmap, read back as certnames
  return names_of(ids(key));
}

namespace {

/// An index of node ids as the store reads it: its set, its bitmap, and its first-id field
/// (layout 8) with an earlier layout's beside it until its node is moved.
Store::IdIndex id_index(const KeyLayout& keys, const std::string& key) {
  Store::IdIndex index{key, keys.bits_of(key), {}};
  if (std::optional<Store::Field> first = keys.first_id_of(key)) index.firsts.push_back(*first);
  if (std::optional<Store::Field> named = keys.first_id_named_of(key))
    index.firsts.push_back(*named);
  return index;
}

}  // namespace

std::vector<std::size_t> FleetData::ids(const std::string& key) {
  if (auto found = prefetched_ids_.find(key); found != prefetched_ids_.end()) {
    std::vector<std::size_t> ids = std::move(found->second);
    prefetched_ids_.erase(found);
    return ids;
  }
  const Store::IdIndex index = id_index(keys_, key);
  return store_.ids(index.set, index.bitmap, index.firsts);
}

void FleetData::prefetch_ids(const std::vector<std::string>& keys) {
  std::vector<Store::IdIndex> indexes;
  for (const std::string& key : keys) indexes.push_back(id_index(keys_, key));
  std::vector<std::vector<std::size_t>> found = store_.ids_of_each(indexes);
  for (std::size_t i = 0; i < keys.size(); ++i) prefetched_ids_[keys[i]] = std::move(found[i]);
}

std::vector<std::string> FleetData::names_of(const std::vector<std::size_t>& ids) {
  std::vector<std::string> fields;
  for (std::size_t id : ids) fields.push_back(std::to_string(id));
  std::vector<std::string> names;
  if (fields.empty()) return names;
  for (std::optional<std::string>& name : store_.fields_of(keys_.node_names(), fields))
    if (name) names.push_back(std::move(*name));
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

void FleetData::change_sets(const std::vector<Membership>& memberships, bool join) {
  using Change = Store::Change;
  const Change::Kind kind = join ? Change::Kind::add_member : Change::Kind::remove_member;
  std::vector<Change> changes;
  std::vector<const Membership*> by_id;
  for (const Membership& membership : memberships) {
    if (keys_.holds_node_ids(membership.first))
      by_id.push_back(&membership);
    else
      changes.push_back({kind, membership.first, membership.second});
  }
  store_.change(changes);
  if (by_id.empty()) return;
  // An index of ids that has a bitmap takes a joining id there; one leaving goes from both.
  // Another server may make the bitmap meanwhile (move_to_bits): an id left in its set is
  // still read, and one left in its bitmap only names a node more than match.
  std::vector<std::string> bitmaps;
  for (const Membership* membership : by_id) bitmaps.push_back(keys_.bits_of(membership->first));
  const std::vector<bool> has_bits = store_.exist(bitmaps);
  // A leaf index without a bitmap takes a joining id in its first-id field when that is free
  // (HSETNX: of two servers, one wins and the other's id goes to the set); a leaving id goes
  // from the field too, if it is the one there (checked and removed as one step).
  std::vector<bool> placed(by_id.size(), false);
  if (join) {
    std::vector<std::pair<Store::Field, std::string>> firsts;
    std::vector<std::size_t> owner;
    for (std::size_t i = 0; i < by_id.size(); ++i)
      if (!has_bits[i])
        if (std::optional<Store::Field> first = keys_.first_id_of(by_id[i]->first)) {
          firsts.emplace_back(std::move(*first), by_id[i]->second);
          owner.push_back(i);
        }
    const std::vector<bool> set = store_.put_fields_if_absent(firsts);
    for (std::size_t j = 0; j < set.size(); ++j) placed[owner[j]] = set[j];
  }
  changes.clear();
  std::vector<std::string> grown;
  for (std::size_t i = 0; i < by_id.size(); ++i) {
    const auto& [key, id] = *by_id[i];
    const auto offset = static_cast<std::size_t>(std::stoull(id));
    if (join && placed[i]) continue;
    if (join && has_bits[i]) {
      changes.push_back({Change::Kind::set_bit, bitmaps[i], "", offset});
    } else if (join) {
      changes.push_back({Change::Kind::add_member, key, id});
      grown.push_back(key);
    } else {
      changes.push_back({Change::Kind::remove_member, key, id});
      if (has_bits[i]) changes.push_back({Change::Kind::clear_bit, bitmaps[i], "", offset});
      if (std::optional<Store::Field> first = keys_.first_id_of(key))
        changes.push_back({Change::Kind::remove_field_if, first->key, first->field, 0, id});
    }
  }
  store_.change(changes);
  if (grown.empty()) return;
  const std::vector<std::size_t> sizes = store_.set_sizes(grown);
  for (std::size_t i = 0; i < grown.size(); ++i)
    if (sizes[i] > kIdsBeforeBits) move_to_bits(grown[i]);
}

void FleetData::move_to_bits(const std::string& key) {
  // into the bitmap first, then out of the set: a reader finds every id in one or the other
  using Change = Store::Change;
  const std::vector<std::string> ids = store_.members(key);
  std::vector<Change> set, removed;
  for (const std::string& id : ids) {
    set.push_back({Change::Kind::set_bit, keys_.bits_of(key), "", std::stoull(id)});
    removed.push_back({Change::Kind::remove_member, key, id});
  }
  store_.change(set);
  store_.change(removed);
}

std::string document_hash(const Json& document) {
  return digest::hex(digest::Algorithm::sha1, document.dump());
}

std::string document_hash(std::initializer_list<const Json*> parts) {
  std::string text = "[";  // as an array's dump: items comma separated, no spaces
  for (const Json* part : parts) {
    if (text.size() > 1) text += ',';
    text += part->dump();
  }
  text += ']';
  return digest::hex(digest::Algorithm::sha1, text);
}

bool node_is_active(const Json& node) {
  return node.value("deactivated", Json(nullptr)).is_null() &&
         node.value("expired", Json(nullptr)).is_null();
}

std::vector<std::string> FleetData::with_catalog_bodies(
    const std::vector<std::string>& keys,
    const std::vector<std::pair<std::string, std::string>>& key_fields) const {
  // a node's resources or edges asked for: its catalog body (layout 6) read with them, in the
  // same pipeline (layout 5's keys answer while the node has them)
  std::vector<std::string> strings = keys;
  std::set<std::string> bodies;
  auto body_too = [&](const std::string& key) {
    if (std::optional<std::string> body = keys_.catalog_body_of(key);
        body && bodies.insert(*body).second)
      strings.push_back(std::move(*body));
  };
  for (const std::string& key : keys) body_too(key);
  for (const auto& [key, field] : key_fields) body_too(key);
  return strings;
}

void FleetData::prefetch(const std::vector<std::string>& keys,
                         const std::vector<std::pair<std::string, std::string>>& key_fields,
                         const std::vector<std::string>& lists,
                         const std::vector<std::string>& hashes) {
  std::vector<std::string> strings = with_catalog_bodies(keys, key_fields);
  auto [values, field_values] = store_.get_many_and_fields(strings, key_fields);
  for (std::size_t i = 0; i < strings.size(); ++i) prefetched_[strings[i]] = std::move(values[i]);
  for (std::size_t i = 0; i < key_fields.size(); ++i)
    prefetched_[key_fields[i].first + '\0' + key_fields[i].second] = std::move(field_values[i]);
  std::vector<std::vector<std::string>> entries = store_.lists(lists);
  for (std::size_t i = 0; i < lists.size(); ++i)
    prefetched_lists_[lists[i]] = std::move(entries[i]);
  std::vector<std::map<std::string, std::string>> whole = store_.fields_many(hashes);
  for (std::size_t i = 0; i < hashes.size(); ++i)
    prefetched_hashes_[hashes[i]] = std::move(whole[i]);
}

void FleetData::forget_prefetched() {
  prefetched_.clear();
  prefetched_lists_.clear();
  prefetched_hashes_.clear();
  prefetched_ids_.clear();
}

std::optional<std::string> FleetData::take_prefetched_field(const std::string& key,
                                                            const std::string& field) {
  auto found = prefetched_.find(key + '\0' + field);
  if (found == prefetched_.end()) return store_.get_field(key, field);
  std::optional<std::string> value = std::move(found->second);
  prefetched_.erase(found);
  return value;
}

std::map<std::string, std::string> FleetData::take_prefetched_hash(const std::string& key) {
  auto found = prefetched_hashes_.find(key);
  if (found == prefetched_hashes_.end()) return store_.fields_many({key})[0];
  std::map<std::string, std::string> fields = std::move(found->second);
  prefetched_hashes_.erase(found);
  return fields;
}

std::optional<Json> FleetData::facts(const std::string& certname,
                                     const std::optional<std::set<std::string>>& names) {
  if (!names) return selected_facts(certname, nullptr, std::nullopt);
  const std::set<std::string, std::less<>> wanted(names->begin(), names->end());
  return selected_facts(
      certname, [&](std::string_view name) { return wanted.count(name) > 0; }, names);
}

Json FleetData::object_values(const std::string& certname, std::string object,
                              const std::function<bool(std::string_view name)>& wanted,
                              std::size_t accepted) {
  const FactObject stored = fact_object(std::move(object));
  // the others stepped over, not parsed; the large piece only when needed
  if (wanted) return stored.members_where(wanted, accepted);
  Json values = Json::parse(stored.text(), nullptr, false);
  if (!values.is_object())
    throw StoreError("the facts' values " + keys_.fact_object(certname) + " are not JSON");
  return values;
}

FactObject FleetData::fact_object(std::string stored) {
  return FactObject(std::move(stored),
                    [this](const std::string& name) { return learnt_dictionary(name); });
}

std::shared_ptr<const std::string> FleetData::learnt_dictionary(const std::string& name) {
  KeptByName<std::string>& kept = kept_learnt_dictionaries();
  if (std::shared_ptr<const std::string> text = kept.find(name)) return text;
  std::optional<std::string> stored = store_.get(keys_.learnt_dictionary(name));
  if (!stored) throw StoreError("the learnt dictionary " + name + " is not in the store");
  if (stored->size() > kLearntDictionaryBytes || learnt_dictionary_name(*stored) != name)
    throw StoreError("the learnt dictionary " + name + " is not the text of its name");
  auto text = std::make_shared<const std::string>(std::move(*stored));
  kept.keep(name, text);
  return text;
}

std::string FleetData::report_text(const std::string& stored) {
  return learnt_json_text(stored,
                          [this](const std::string& name) { return learnt_dictionary(name); });
}

std::optional<LearntDictionary> FleetData::learnt_dictionary_to_write(
    const std::string& current_key, const std::string& samples_key, const std::string& certname,
    const Json& document) {
  if (std::optional<std::string> name = store_.get(current_key))
    return LearntDictionary{*name, learnt_dictionary(*name)};
  // a document far past a dictionary's size teaches it no more and costs memory while kept
  if (!document.is_object()) return std::nullopt;
  const std::string text_of_document = document.dump();
  if (text_of_document.size() > 4 * kLearntDictionaryBytes) return std::nullopt;
  store_.put_field(samples_key, certname, text_of_document);
  const std::map<std::string, std::string> sampled = store_.fields(samples_key);
  if (sampled.size() < kLearntSamples) return std::nullopt;
  std::vector<Json> samples;
  for (const auto& [node, text] : sampled) {
    Json sample = Json::parse(text, nullptr, false);
    if (sample.is_object()) samples.push_back(std::move(sample));
  }
  const std::string text = learnt_dictionary_text(samples);
  const std::string name = learnt_dictionary_name(text);
  // the dictionary stored before any value or the store's name names it
  store_.put(keys_.learnt_dictionary(name), text);
  if (!store_.put_if_absent(current_key, name)) {
    std::optional<std::string> theirs = store_.get(current_key);
    if (theirs && *theirs != name) {
      store_.remove(keys_.learnt_dictionary(name));
      store_.remove(samples_key);
      return LearntDictionary{*theirs, learnt_dictionary(*theirs)};
    }
  }
  store_.remove(samples_key);
  auto kept = std::make_shared<const std::string>(text);
  kept_learnt_dictionaries().keep(name, kept);
  return LearntDictionary{name, kept};
}

std::optional<Json> FleetData::fact_values(const std::string& certname,
                                           const std::optional<std::set<std::string>>& names) {
  if (std::optional<std::string> object = take_prefetched(keys_.fact_object(certname))) {
    if (!names) return object_values(certname, std::move(*object), nullptr, 0);
    const std::set<std::string, std::less<>> wanted(names->begin(), names->end());
    return object_values(
        certname, std::move(*object), [&](std::string_view name) { return wanted.count(name) > 0; },
        names->size());
  }
  // none: no facts, or kept as an earlier build kept them (in the header, or a hash by name)
  std::optional<Json> facts = this->facts(certname, names);
  if (!facts) return std::nullopt;
  return std::move((*facts)["values"]);
}

bool FleetData::for_each_fact_value(
    const std::string& certname, const std::set<std::string>& names,
    const std::function<void(std::string_view written, std::string_view value)>& each) {
  std::optional<std::string> object = take_prefetched(keys_.fact_object(certname));
  if (!object) return false;
  const std::set<std::string, std::less<>> wanted(names.begin(), names.end());
  fact_object(std::move(*object))
      .for_each_member([&](std::string_view name) { return wanted.count(name) > 0; }, names.size(),
                       each);
  return true;
}

std::optional<Json> FleetData::facts_holding(const std::string& certname, const std::string& word) {
  return selected_facts(
      certname, [&](std::string_view name) { return name.find(word) != std::string_view::npos; },
      std::nullopt);
}

std::optional<Json> FleetData::selected_facts(
    const std::string& certname, const std::function<bool(std::string_view name)>& wanted,
    const std::optional<std::set<std::string>>& names) {
  std::optional<Json> facts = document(keys_.facts(certname));
  if (!facts) return facts;
  if (auto inline_values = facts->find("values"); inline_values != facts->end()) {
    // stored whole by an earlier build: answers as it is until the node's next facts
    if (wanted && inline_values->is_object()) {
      Json only = Json::object();
      for (auto& [name, value] : inline_values->items())
        if (wanted(name)) only[name] = std::move(value);
      *inline_values = std::move(only);
    }
    return facts;
  }
  if (std::optional<std::string> object = take_prefetched(keys_.fact_object(certname))) {
    (*facts)["values"] =
        object_values(certname, std::move(*object), wanted, names ? names->size() : 0);
    return facts;
  }
  // layout 4's hash by name, until the node is moved (move_fact_values)
  const std::string key = keys_.fact_values(certname);
  Json values = Json::object();
  auto add = [&](const std::string& name, const std::string& stored) {
    Json value = Json::parse(json_text(stored), nullptr, false);
    if (value.is_discarded()) throw StoreError("the fact " + name + " in " + key + " is not JSON");
    values[name] = std::move(value);
  };
  if (names) {
    for (const std::string& name : *names)
      if (std::optional<std::string> stored = take_prefetched_field(key, name)) add(name, *stored);
  } else {
    for (const auto& [name, stored] : take_prefetched_hash(key))
      if (!wanted || wanted(name)) add(name, stored);
  }
  (*facts)["values"] = std::move(values);
  return facts;
}

std::optional<std::string> FleetData::stored_node_row(const std::string& certname) {
  std::optional<std::string> stored = take_prefetched_field(keys_.node_rows(), certname);
  if (!stored) stored = store_.get(keys_.node_row_v11(certname));
  return stored;
}

std::optional<std::string> FleetData::kept_node_row(const std::string& certname) {
  std::optional<std::string> stored = stored_node_row(certname);
  if (!stored) return std::nullopt;
  return node_row_text(std::move(*stored));
}

std::vector<std::optional<std::string>> FleetData::stored_node_rows(
    const std::vector<std::string>& certnames) {
  std::vector<std::optional<std::string>> rows = store_.fields_of(keys_.node_rows(), certnames);
  std::vector<std::string> earlier;
  for (std::size_t i = 0; i < certnames.size(); ++i)
    if (!rows[i]) earlier.push_back(keys_.node_row_v11(certnames[i]));
  std::vector<std::optional<std::string>> kept_earlier = store_.get_many(earlier);
  for (std::size_t i = 0, next = 0; i < certnames.size(); ++i)
    if (!rows[i]) rows[i] = std::move(kept_earlier[next++]);
  return rows;
}

void FleetData::move_node_row(const std::string& certname) {
  if (std::optional<std::string> row = store_.take(keys_.node_row_v11(certname)))
    store_.put_field_if_absent(keys_.node_rows(), certname, *row);
}

std::optional<std::string> FleetData::kept_catalog_environment(const std::string& certname) {
  std::optional<std::string> stored = stored_node_row(certname);
  if (!stored) return std::nullopt;
  return node_row_field(*stored, "catalog_environment");
}

std::vector<std::optional<std::string>> FleetData::latest_statuses_with(
    const std::vector<std::string>& certnames, const std::vector<std::string>& documents,
    const std::vector<std::pair<std::string, std::string>>& key_fields) {
  // one HMGET of the small kept states, beside the documents and fields (one round trip)
  std::vector<std::string> strings = with_catalog_bodies(documents);
  if (key_fields.empty()) {  // the states' fields named without their hash's key each
    auto [values, kept] =
        store_.get_many_and_fields_of(strings, keys_.latest_statuses(), certnames);
    for (std::size_t i = 0; i < strings.size(); ++i) prefetched_[strings[i]] = std::move(values[i]);
    return std::move(kept);
  }
  std::vector<std::pair<std::string, std::string>> fields;
  fields.reserve(certnames.size() + key_fields.size());
  for (const std::string& certname : certnames)
    fields.emplace_back(keys_.latest_statuses(), certname);
  fields.insert(fields.end(), key_fields.begin(), key_fields.end());
  auto [values, field_values] = store_.get_many_and_fields(strings, fields);
  for (std::size_t i = 0; i < strings.size(); ++i) prefetched_[strings[i]] = std::move(values[i]);
  for (std::size_t i = certnames.size(); i < fields.size(); ++i)
    prefetched_[fields[i].first + '\0' + fields[i].second] = std::move(field_values[i]);
  field_values.resize(certnames.size());
  return std::move(field_values);
}

FleetData::FactsText FleetData::facts_text(const std::string& certname,
                                           const std::set<std::string, std::less<>>* header_fields,
                                           const std::set<std::string>* names) {
  FactsText facts;
  if (header_fields) {
    facts.header = document_fields(keys_.facts(certname), [&](std::string_view name) {
      return name == "values" || header_fields->count(name) > 0;
    });
  } else {
    facts.header = document(keys_.facts(certname));
  }
  if (!facts.header || facts.header->contains("values")) return facts;
  if (std::optional<std::string> object = take_prefetched(keys_.fact_object(certname))) {
    const FactObject stored = fact_object(std::move(*object));
    facts.values = names ? named_facts_text(stored, *names) : stored.text();
  }
  return facts;
}

std::optional<std::string> FleetData::take_prefetched(const std::string& key) {
  auto found = prefetched_.find(key);
  if (found == prefetched_.end()) return store_.get(key);
  std::optional<std::string> value = std::move(found->second);
  prefetched_.erase(found);
  return value;
}

std::optional<Json> FleetData::document_fields(
    const std::string& key, const std::function<bool(std::string_view name)>& wanted) {
  std::optional<std::string> text = take_prefetched(key);
  if (!text) return std::nullopt;
  return json_members_where(json_text(*text), wanted);
}

std::optional<Json> FleetData::document(const std::string& key) {
  std::optional<std::string> text = take_prefetched(key);
  if (!text) return std::nullopt;
  Json parsed = Json::parse(json_text(*text), nullptr, false);
  if (parsed.is_discarded()) throw StoreError("the document " + key + " is not JSON");
  return parsed;
}

std::optional<Json> FleetData::node_fields(const std::string& certname,
                                           const std::set<std::string, std::less<>>& fields) {
  return document_fields(keys_.node(certname),
                         [&](std::string_view name) { return fields.count(name) > 0; });
}

std::optional<Json> FleetData::catalog_header_fields(
    const std::string& certname, const std::set<std::string, std::less<>>& fields) {
  return document_fields(keys_.catalog(certname),
                         [&](std::string_view name) { return fields.count(name) > 0; });
}

std::optional<Json> FleetData::catalog(const std::string& certname) {
  std::optional<Json> header = catalog_header(certname);
  if (!header) return header;
  if (!header->contains("resources"))
    if (std::optional<std::string> stored = take_prefetched(keys_.catalog_body(certname))) {
      CatalogBody body = body_of(certname, std::move(*stored));
      const std::vector<std::pair<std::string, std::string>> groups = body.groups();
      Json resources = Json::array();
      for (const auto& [type, packed] : groups) unpack_resources(type, packed, resources);
      (*header)["resources"] = std::move(resources);
      (*header)["edges"] = body.edges(groups);
      return header;
    }
  (*header)["resources"] = catalog_resources(certname, *header);
  (*header)["edges"] = catalog_edges(certname, *header);
  return header;
}

CatalogBody FleetData::body_of(const std::string& certname, std::string stored) {
  for (int attempt = 0;; ++attempt) {
    CatalogBody body(std::move(stored));
    const std::string& name = body.shared_part();
    if (name.empty()) return body;
    SharedGroupsCache& cache = kept_shared_groups();
    std::shared_ptr<const CatalogBody::Groups> groups = cache.find(name);
    if (!groups) {
      std::optional<std::string> part =
          store_.get_field(keys_.shared_groups(name), Store::kReferencedValue);
      if (part) {
        groups =
            std::make_shared<const CatalogBody::Groups>(CatalogBody(std::move(*part)).groups());
        cache.keep(name, groups);
      }
    }
    if (groups) {
      body.attach(std::move(groups));
      return body;
    }
    // The body was replaced since it was read, and its part let go with it: the newer body is
    // read once more (a part a body still names is kept).
    std::optional<std::string> newer = store_.get(keys_.catalog_body(certname));
    if (attempt > 0 || !newer)
      throw StoreError("the catalog body of " + certname + " names the shared part " + name +
                       ", which the store does not hold");
    stored = std::move(*newer);
  }
}

void FleetData::release_shared_part(const std::optional<std::string>& body) {
  if (!body) return;
  std::string name;
  try {
    name = CatalogBody(*body).shared_part();
  } catch (const StoreError&) {
    return;  // a body this build cannot read names nothing it could let go
  }
  if (!name.empty()) store_.drop_reference(keys_.shared_groups(name));
}

Json FleetData::catalog_edges(const std::string& certname, const Json& header) {
  if (auto inline_edges = header.find("edges");  // stored whole by an earlier build
      inline_edges != header.end() && inline_edges->is_array())
    return *inline_edges;
  if (std::optional<std::string> stored = take_prefetched(keys_.catalog_body(certname)))
    return body_of(certname, std::move(*stored)).edges();
  std::optional<Json> edges = document(keys_.edges(certname));
  return edges && edges->is_array() ? *edges : Json::array();
}

Json FleetData::catalog_resources(const std::string& certname, const Json& header,
                                  const std::optional<std::string>& type,
                                  const std::optional<std::string>& title) {
  Json resources = Json::array();
  for (const auto& [name, packed] : catalog_groups(certname, header, type))
    unpack_resources(name, packed, resources, title);
  return resources;
}

std::vector<std::pair<std::string, std::string>> FleetData::catalog_groups(
    const std::string& certname, const Json& header, const std::optional<std::string>& type) {
  std::vector<std::pair<std::string, std::string>> groups;
  // a catalog stored whole by an earlier build still answers until it is replaced: each
  // resource a group of its own, in the catalog's order
  if (auto inline_resources = header.find("resources");
      inline_resources != header.end() && inline_resources->is_array()) {
    for (const Json& resource : *inline_resources) {
      if (!resource.is_object() || (type && resource.value("type", "") != *type)) continue;
      Json one = Json::object();
      for (const char* field : {"type", "title", "tags", "exported", "file", "line", "parameters"})
        one[field] = resource.value(field, Json(nullptr));
      if (!one["type"].is_string()) continue;
      for (auto& group : pack_by_type(Json::array({std::move(one)}))) groups.emplace_back(group);
    }
    return groups;
  }
  if (std::optional<std::string> stored = take_prefetched(keys_.catalog_body(certname))) {
    CatalogBody body = body_of(certname, std::move(*stored));
    if (!type) return body.groups();
    if (std::optional<std::string> packed = body.group(*type))
      groups.emplace_back(*type, std::move(*packed));
    return groups;
  }
  // layout 5's hash by type, until the node is moved (move_catalog_body)
  if (type) {
    const std::string key = keys_.resources(certname);
    std::optional<std::string> packed;
    if (auto found = prefetched_.find(key + '\0' + *type); found != prefetched_.end()) {
      packed = std::move(found->second);
      prefetched_.erase(found);
    } else {
      packed = store_.get_field(key, *type);
    }
    if (packed) groups.emplace_back(*type, json_text(*packed));
    return groups;
  }
  for (const auto& [name, packed] : store_.fields(keys_.resources(certname)))
    groups.emplace_back(name, json_text(packed));
  return groups;
}

long long FleetData::node_id(Json& node) {
  if (auto known = node.find("node_id"); known != node.end() && known->is_number_integer())
    return known->get<long long>();
  const std::string certname = node["certname"];
  long long id = store_.increment(keys_.node_id_counter());
  // two servers meeting a new node at once: the first id written is the node's
  if (!store_.put_field_if_absent(keys_.node_ids(), certname, std::to_string(id)))
    id = std::stoll(store_.get_field(keys_.node_ids(), certname).value_or(std::to_string(id)));
  // before the id is in any set, so that every id a set holds reads back as its certname
  store_.put_field(keys_.node_names(), std::to_string(id), certname);
  node["node_id"] = id;
  return id;
}

std::set<std::string> FleetData::fact_paths_of(const std::optional<Json>& facts) {
  std::set<std::string> paths;
  if (!facts) return paths;
  auto values = facts->find("values");
  if (values == facts->end() || !values->is_object()) return paths;
  for (const auto& [name, value] : values->items())
    for_each_leaf(name, value, [&](const Json& path, const Json& leaf) {
      paths.insert(Json::array({path, fact_type_name(leaf)}).dump());
    });
  return paths;
}

void FleetData::index_fact_paths(Json& node, const std::set<std::string>& added,
                                 const std::set<std::string>& removed) {
  if (added.empty() && (removed.empty() || !node.contains("node_id"))) return;
  const auto id = static_cast<std::size_t>(node_id(node));
  using Change = Store::Change;
  std::vector<Change> changes;
  for (const std::string& path : added) {
    changes.push_back({Change::Kind::set_bit, keys_.fact_path(path), "", id});
    changes.push_back({Change::Kind::add_member, keys_.fact_paths(), path});
  }
  std::vector<std::string> cleared;
  for (const std::string& path : removed) {
    if (added.count(path)) continue;
    changes.push_back({Change::Kind::clear_bit, keys_.fact_path(path), "", id});
    cleared.push_back(keys_.fact_path(path));
  }
  store_.change(changes);
  if (cleared.empty()) return;
  // a path no active node has any more leaves the set; another server may set a bit meanwhile,
  // before our removal, so a path found set again afterwards is put back
  std::vector<std::string> emptied, emptied_bitmaps;
  std::vector<std::size_t> counts = store_.bit_counts(cleared);
  changes.clear();
  std::size_t i = 0;
  for (const std::string& path : removed) {
    if (added.count(path)) continue;
    if (counts[i++] > 0) continue;
    emptied.push_back(path);
    emptied_bitmaps.push_back(keys_.fact_path(path));
    changes.push_back({Change::Kind::remove_member, keys_.fact_paths(), path});
  }
  if (emptied.empty()) return;
  store_.change(changes);
  counts = store_.bit_counts(emptied_bitmaps);
  changes.clear();
  for (std::size_t j = 0; j < emptied.size(); ++j)
    if (counts[j] > 0)
      changes.push_back({Change::Kind::add_member, keys_.fact_paths(), emptied[j]});
  store_.change(changes);
}

std::vector<Json> FleetData::reports(const std::string& certname) {
  std::vector<Json> all;
  std::vector<std::string> entries;
  if (auto found = prefetched_lists_.find(keys_.reports(certname));
      found != prefetched_lists_.end()) {
    entries = std::move(found->second);
    prefetched_lists_.erase(found);
  } else {
    entries = store_.list(keys_.reports(certname));
  }
  for (const std::string& text : entries) {
    Json parsed = Json::parse(report_text(text), nullptr, false);
    if (!parsed.is_discarded()) all.push_back(std::move(parsed));
  }
  return all;
}

void FleetData::move_first_ids(const std::vector<Membership>& memberships) {
  // a leaf's (a title's) set holding only this node (and no bitmap, where a stale id could
  // hide) is the node alone: its id moves to the first-id field, if free, then out of the set
  std::vector<std::string> sets, bitmaps;
  std::vector<const Membership*> leaves;
  for (const Membership& membership : memberships)
    if (keys_.first_id_of(membership.first)) {
      leaves.push_back(&membership);
      sets.push_back(membership.first);
      bitmaps.push_back(keys_.bits_of(membership.first));
    }
  if (leaves.empty()) return;
  const std::vector<std::size_t> sizes = store_.set_sizes(sets);
  const std::vector<bool> has_bits = store_.exist(bitmaps);
  std::vector<std::pair<Store::Field, std::string>> firsts;
  std::vector<const Membership*> moving;
  for (std::size_t i = 0; i < leaves.size(); ++i)
    if (sizes[i] == 1 && !has_bits[i]) {
      firsts.emplace_back(*keys_.first_id_of(leaves[i]->first), leaves[i]->second);
      moving.push_back(leaves[i]);
    }
  const std::vector<bool> set = store_.put_fields_if_absent(firsts);
  using Change = Store::Change;
  std::vector<Change> removed;
  for (std::size_t i = 0; i < moving.size(); ++i)
    if (set[i])
      removed.push_back({Change::Kind::remove_member, moving[i]->first, moving[i]->second});
  store_.change(removed);
}

void FleetData::move_first_id_names(const std::vector<Membership>& memberships) {
  // the field named by an integer written before the named one is emptied, so a reader (who
  // takes both) finds the id in one or the other; one another leaf already holds (two leaves
  // sharing it) sends the id to the leaf's set or bitmap
  std::vector<std::pair<std::string, std::string>> named;
  std::vector<const Membership*> leaves;
  for (const Membership& membership : memberships)
    if (std::optional<Store::Field> field = keys_.first_id_named_of(membership.first)) {
      named.emplace_back(field->key, field->field);
      leaves.push_back(&membership);
    }
  if (leaves.empty()) return;
  const std::vector<std::optional<std::string>> held = store_.get_fields(named);
  std::vector<std::pair<Store::Field, std::string>> firsts;
  std::vector<const Membership*> moving;
  for (std::size_t i = 0; i < leaves.size(); ++i)
    if (held[i] == leaves[i]->second) {
      firsts.emplace_back(*keys_.first_id_of(leaves[i]->first), leaves[i]->second);
      moving.push_back(leaves[i]);
    }
  const std::vector<bool> set = store_.put_fields_if_absent(firsts);
  std::vector<Membership> taken;
  for (std::size_t i = 0; i < moving.size(); ++i)
    if (!set[i]) taken.push_back(*moving[i]);
  change_sets(taken, true);
  using Change = Store::Change;
  std::vector<Change> removed;
  for (const Membership* membership : moving) {
    const Store::Field field = *keys_.first_id_named_of(membership->first);
    removed.push_back(
        {Change::Kind::remove_field_if, field.key, field.field, 0, membership->second});
  }
  store_.change(removed);
}

bool FleetData::upgrade_indexes(Json& node) {
  const int layout = node.value("indexes", 1);
  if (layout >= kIndexLayout) return false;
  const std::string certname = node["certname"];
  if (layout < 6) {
    move_fact_values(certname);   // layout 5: the fact values one object
    move_catalog_body(certname);  // layout 6: the resources and edges one value
  }
  // (layout 7: the node's row packed, which the caller's write_node does)
  if (layout >= 3) {
    const std::string id = std::to_string(node_id(node));
    std::vector<Membership> leaves;
    if (std::optional<Json> old_facts = facts(certname))
      leaves = fact_sets(keys_, (*old_facts)["values"], certname, id);
    std::vector<Membership> titles;
    if (std::optional<Json> header = catalog_header(certname))
      titles = catalog_sets(keys_, catalog_resources(certname, *header), certname, id);
    // a leaf's first node in its first-id field (layout 4), a title's too (layout 6)
    if (layout == 3) move_first_ids(leaves);
    if (layout < 6) move_first_ids(titles);
    // the fields named by integers (layout 8)
    if (layout >= 4) {
      for (Membership& title : titles) leaves.push_back(std::move(title));
      move_first_id_names(leaves);
    }
    node["indexes"] = kIndexLayout;
    return true;
  }
  std::optional<Json> old_facts = facts(certname);
  std::optional<Json> header = catalog_header(certname);
  if (old_facts || header) {
    const Json values = old_facts ? (*old_facts)["values"] : Json::object();
    const Json resources = header ? catalog_resources(certname, *header) : Json::array();
    const std::string id = std::to_string(node_id(node));
    std::vector<Membership> before = fact_sets(keys_, values, certname, id, layout);
    std::vector<Membership> after = fact_sets(keys_, values, certname, id);
    for (Membership& set : catalog_sets(keys_, resources, certname, id, layout))
      before.push_back(std::move(set));
    for (Membership& set : catalog_sets(keys_, resources, certname, id))
      after.push_back(std::move(set));
    replace_document(std::move(before), after, [] {});  // `after` is read below
    // the id sets an earlier layout kept (leaves, titles) stayed as they were, however many
    // ids: those past kIdsBeforeBits move to their bitmaps (each checked once per collection)
    std::vector<std::string> unchecked;
    for (const auto& [key, member] : after)
      if (keys_.holds_node_ids(key) && sizes_checked_.insert(key).second) unchecked.push_back(key);
    const std::vector<std::size_t> sizes = store_.set_sizes(unchecked);
    for (std::size_t i = 0; i < unchecked.size(); ++i)
      if (sizes[i] > kIdsBeforeBits) move_to_bits(unchecked[i]);
    move_first_ids(after);
  }
  node["indexes"] = kIndexLayout;
  return true;
}

void FleetData::move_catalog_body(const std::string& certname) {
  const std::string hash = keys_.resources(certname);
  std::map<std::string, std::string> groups = store_.fields(hash);
  std::optional<std::string> edges = store_.get(keys_.edges(certname));
  if (groups.empty() && !edges) return;
  for (auto& [type, packed] : groups) packed = json_text(packed);
  // only where no body is: another server may have moved the node and written a newer catalog
  store_.put_if_absent(keys_.catalog_body(certname),
                       catalog_body_text(groups, edges ? json_text(*edges) : "[]"));
  store_.remove(hash);
  store_.remove(keys_.edges(certname));
}

void FleetData::move_fact_values(const std::string& certname) {
  const std::string hash = keys_.fact_values(certname);
  std::map<std::string, std::string> fields = store_.fields(hash);
  if (fields.empty()) return;
  Json values = Json::object();
  for (const auto& [name, stored] : fields) {
    Json value = Json::parse(json_text(stored), nullptr, false);
    if (value.is_discarded()) throw StoreError("the fact " + name + " in " + hash + " is not JSON");
    values[name] = std::move(value);
  }
  // only where no object is: another server may have moved the node and written newer facts
  store_.put_if_absent(keys_.fact_object(certname), stored_fact_object(values));
  store_.remove(hash);
}

Json FleetData::node_or_new(const std::string& certname) {
  if (std::optional<Json> known = node(certname)) {
    upgrade_indexes(*known);
    return *known;
  }
  Json node = {{"certname", certname}, {"indexes", kIndexLayout}};
  for (const char* field :
       {"deactivated", "expired", "facts_timestamp", "facts_environment",
        "facts_producer_timestamp", "catalog_timestamp", "catalog_environment",
        "catalog_producer_timestamp", "report_timestamp", "report_environment",
        "report_producer_timestamp", "latest_report_hash", "latest_report_status",
        "latest_report_noop", "latest_report_noop_pending", "latest_report_corrective_change",
        "latest_report_job_id", "cached_catalog_status"})
    node[field] = nullptr;
  return node;
}

void FleetData::write_node(const Json& node) {
  const std::string& certname = node["certname"].get_ref<const std::string&>();
  store_.put(keys_.node(certname), own_document(node));
  // (where layouts 6 to 11 kept it is no longer read; the collection removes it)
  store_.put_field(keys_.node_rows(), certname, packed_node_row(node_answer_text(node)));
  store_.put_field(keys_.latest_statuses(), certname, latest_status_of(node));
  if (std::optional<std::string> failures = latest_failures_of(node))
    store_.put_field(keys_.latest_failures(), certname, *failures);
  else
    store_.remove_field(keys_.latest_failures(), certname);
}

std::optional<FleetData::KeptState> FleetData::read_kept_state(std::string_view kept) {
  if (kept.size() < 2 || (kept[0] != 'a' && kept[0] != 'i') || kept[1] != ':') return std::nullopt;
  return KeptState{kept[0] == 'a', kept.substr(2)};
}

namespace {

/// The prefix read_kept_state reads.
std::string kept_state_of(const Json& node) {
  return node_is_active(node) ? "a:" : "i:";
}

}  // namespace

std::optional<Json> FleetData::node_of_latest_status(const std::string& certname,
                                                     const std::string& kept) {
  const std::optional<KeptState> state = read_kept_state(kept);
  if (!state) return std::nullopt;
  // an inactive node's state as its document would have it: not null (its time is not read)
  return Json{{"certname", certname},
              {"deactivated", state->active ? Json(nullptr) : Json(true)},
              {"expired", nullptr}};
}

std::optional<std::string> FleetData::latest_failures_of(const Json& node) {
  const auto hash = node.find("latest_report_hash");
  const auto events = node.find("latest_report_events");
  if (hash == node.end() || !hash->is_string() || events == node.end() || !events->is_array())
    return std::nullopt;
  Json failures = Json::array();
  for (const Json& event : *events)
    if (event.is_array() && !event.empty() && event[0] == "failure") failures.push_back(event);
  if (failures.empty()) return std::nullopt;
  const Json kept = {*hash, node.value("report_environment", Json(nullptr)), std::move(failures)};
  return kept_state_of(node) + kept.dump();
}

std::optional<LatestFailures> FleetData::read_latest_failures(const std::string& kept) {
  const std::optional<KeptState> state = read_kept_state(kept);
  if (!state) return std::nullopt;
  Json summary = Json::parse(state->rest, nullptr, false);
  if (!summary.is_array() || summary.size() != 3 || !summary[0].is_string() ||
      !summary[2].is_array())
    return std::nullopt;
  return LatestFailures{state->active, std::move(summary[0]), std::move(summary[1]),
                        std::move(summary[2])};
}

std::string FleetData::latest_status_of(const Json& node) {
  std::string kept = kept_state_of(node);
  const auto hash = node.find("latest_report_hash");
  const auto status = node.find("latest_report_status");
  if (hash != node.end() && !hash->is_null() && status != node.end() && status->is_string())
    kept += status->get_ref<const std::string&>();
  return kept;
}

void FleetData::note_node(const std::string& certname, const std::string& environment,
                          const std::string& producer) {
  store_.add_member(keys_.all_nodes(), certname);
  if (!environment.empty()) store_.add_member(keys_.environments(), environment);
  if (!producer.empty()) store_.add_member(keys_.producers(), producer);
}

void FleetData::replace_document(std::vector<Membership> old_sets, std::vector<Membership> new_sets,
                                 const std::function<void()>& write) {
  // Sorted in place rather than copied into std::sets: a catalog makes about ten memberships a
  // resource (its type, title and tags; ~12,000 for the perf-control's large role), and the
  // sets' copies of them were several MiB of the server's peak while a new node's first
  // catalog was stored. The same memberships, in the same (sorted) order.
  auto sort_unique = [](std::vector<Membership>& sets) {
    std::sort(sets.begin(), sets.end());
    sets.erase(std::unique(sets.begin(), sets.end()), sets.end());
  };
  sort_unique(old_sets);
  sort_unique(new_sets);
  std::vector<Membership> joined, left;
  if (old_sets.empty()) {
    joined = std::move(new_sets);
  } else {
    std::set_difference(new_sets.begin(), new_sets.end(), old_sets.begin(), old_sets.end(),
                        std::back_inserter(joined));
    std::set_difference(old_sets.begin(), old_sets.end(), new_sets.begin(), new_sets.end(),
                        std::back_inserter(left));
    old_sets = {};
    new_sets = {};
  }
  change_sets(joined, true);
  write();
  change_sets(left, false);
}

void FleetData::replace_document(const std::vector<std::string>& old_sets,
                                 const std::vector<std::string>& new_sets,
                                 const std::string& certname, const std::function<void()>& write) {
  std::vector<Membership> before, after;
  for (const std::string& set : old_sets) before.emplace_back(set, certname);
  for (const std::string& set : new_sets) after.emplace_back(set, certname);
  replace_document(std::move(before), std::move(after), write);
}

/// The paths in `a` and not in `b`.
static std::set<std::string> without(const std::set<std::string>& a,
                                     const std::set<std::string>& b) {
  std::set<std::string> rest;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::inserter(rest, rest.end()));
  return rest;
}

void FleetData::reactivated(Json& node, bool was_active) {
  if (was_active || !node_is_active(node)) return;
  index_fact_paths(node, fact_paths_of(facts(node["certname"].get<std::string>())), {});
}

/// Reactivates a deactivated node when data newer than its deactivation comes.
static void reactivate_if_newer(Json& node, const std::string& produced) {
  if (node["deactivated"].is_string() && older(node["deactivated"].get<std::string>(), produced))
    node["deactivated"] = nullptr;
  node["expired"] = nullptr;
}

bool FleetData::replace_fact_times(const Json& payload, const std::string& certname,
                                   const std::string& produced, const std::string& received,
                                   const std::string& hash) {
  Json node = node_or_new(certname);
  // a deactivated node's paths come back into the bitmaps: the whole way below does that
  if (!node_is_active(node)) return false;
  Json header = {{"certname", certname},
                 {"environment", optional_string(payload, "environment")},
                 {"timestamp", received},
                 {"producer_timestamp", produced},
                 {"producer", optional_string(payload, "producer")}};
  if (auto packages = payload.find("package_inventory");
      packages != payload.end() && packages->is_array() && !packages->empty())
    header["package_inventory"] = *packages;
  header["hash"] = hash;
  note_node(certname, string_field(payload, "environment", false),
            string_field(payload, "producer", false));
  store_.put(keys_.facts(certname), own_document(header));
  node["facts_timestamp"] = received;
  node["facts_producer_timestamp"] = produced;
  node["facts_environment"] = header["environment"];
  reactivate_if_newer(node, produced);
  write_node(node);
  return true;
}

void FleetData::replace_facts(const Json& payload, const std::string& received) {
  std::string certname = certname_of(payload);
  std::string produced = producer_time(payload, received);
  Json values = payload.value("values", Json::object());
  if (!values.is_object()) throw QueryError(400, "The facts' values must be a JSON object");
  // The header alone first (its hash is the values'): an agent's facts are mostly the same
  // run after run, and then neither the values nor the fact sets and paths change.
  std::optional<Json> stored = document(keys_.facts(certname));
  if (stored && older(produced, stored->value("producer_timestamp", ""))) return;  // stale
  std::string hash = document_hash(values);
  if (stored && !stored->contains("values") && stored->value("hash", "") == hash &&
      replace_fact_times(payload, certname, produced, received, hash))
    return;
  std::optional<Json> old = stored ? facts(certname) : std::nullopt;
  Json document = {{"certname", certname},
                   {"environment", optional_string(payload, "environment")},
                   {"timestamp", received},
                   {"producer_timestamp", produced},
                   {"producer", optional_string(payload, "producer")},
                   {"values", values}};
  // v5's package inventory replaces the node's (none given: none kept, as PuppetDB clears it)
  if (auto packages = payload.find("package_inventory");
      packages != payload.end() && packages->is_array() && !packages->empty())
    document["package_inventory"] = *packages;
  document["hash"] = std::move(hash);
  note_node(certname, string_field(payload, "environment", false),
            string_field(payload, "producer", false));
  // the values, one object in two pieces deflated with the facts' dictionary and the fleet's
  // learnt one, then the rest
  const std::optional<LearntDictionary> learnt =
      learnt_dictionary_to_write(keys_.facts_dictionary(), keys_.facts_samples(), certname, values);
  const std::string object = stored_fact_object(values, learnt ? &*learnt : nullptr);
  Json node = node_or_new(certname);  // a node of layout 4 moved to its fact-object first
  const bool was_active = node_is_active(node);
  const std::string id = std::to_string(node_id(node));
  replace_document(
      old ? fact_sets(keys_, (*old)["values"], certname, id) : std::vector<Membership>{},
      fact_sets(keys_, values, certname, id), [&] {
        store_.put(keys_.fact_object(certname), object);
        Json header = document;
        header.erase("values");
        store_.put(keys_.facts(certname), own_document(header));
      });
  node["facts_timestamp"] = received;
  node["facts_producer_timestamp"] = produced;
  node["facts_environment"] = document["environment"];
  reactivate_if_newer(node, produced);
  // the fact-path bitmaps hold the active nodes: what the node had there, what it has now
  const std::set<std::string> had = was_active ? fact_paths_of(old) : std::set<std::string>{};
  const std::set<std::string> has =
      node_is_active(node) ? fact_paths_of(document) : std::set<std::string>{};
  index_fact_paths(node, without(has, had), without(had, has));
  write_node(node);
}

void FleetData::replace_catalog(Json payload, const std::string& received) {
  std::string certname = certname_of(payload);
  std::string produced = producer_time(payload, received);
  Json resources = Json::array();
  for (Json& resource : member_or_empty(payload, "resources"))
    resources.push_back(catalog_resource(resource));
  Json edges = Json::array();
  for (const Json& edge : member_or_empty(payload, "edges")) {
    if (!edge.is_object() || !edge.contains("source") || !edge.contains("target"))
      throw QueryError(400, "A catalog edge needs a source and a target");
    edges.push_back({{"source", edge["source"]},
                     {"target", edge["target"]},
                     {"relationship", edge.value("relationship", "contains")}});
  }
  Json document = {{"certname", certname},
                   {"version", version_text(payload)},
                   {"environment", optional_string(payload, "environment")},
                   {"transaction_uuid", optional_string(payload, "transaction_uuid")},
                   {"catalog_uuid", optional_string(payload, "catalog_uuid")},
                   {"code_id", optional_string(payload, "code_id")},
                   {"job_id", optional_string(payload, "job_id")},
                   {"producer_timestamp", produced},
                   {"producer", optional_string(payload, "producer")},
                   {"timestamp", received}};
  document["hash"] = document_hash({&resources, &edges, &document["environment"]});
  store_catalog(
      std::move(document), string_field(payload, "environment", false),
      string_field(payload, "producer", false),
      [&](const std::string& certname, const std::string& id) {
        return catalog_sets(keys_, resources, certname, id);
      },
      [&] {
        std::pair<std::map<std::string, std::string>, std::string> stored{pack_by_type(resources),
                                                                          edges.dump()};
        resources = nullptr;
        return stored;
      });
}

bool FleetData::replace_compiled_catalog(const catalog::Catalog& catalog,
                                         const std::string& producer, const std::string& now) {
  std::optional<CompiledCatalogText> text = compiled_catalog_text(catalog);
  if (!text) return false;
  Json document = catalog_command_header(catalog, producer, now);
  document["certname"] = certname_of(document);
  document["producer_timestamp"] = producer_time(document, now);
  document["timestamp"] = now;
  document["hash"] = text->hash;
  store_catalog(
      std::move(document), catalog.environment, producer,
      [&](const std::string& certname, const std::string& id) {
        return catalog_sets(keys_, catalog, certname, id);
      },
      [&] {
        return std::pair<std::map<std::string, std::string>, std::string>{
            packed_compiled_resources(catalog), std::move(text->edges)};
      });
  return true;
}

void FleetData::store_catalog(
    Json document, const std::string& environment, const std::string& producer,
    const std::function<std::vector<Membership>(const std::string&, const std::string&)>& sets,
    const std::function<std::pair<std::map<std::string, std::string>, std::string>()>& stored) {
  const std::string certname = document["certname"].get<std::string>();
  const std::string produced = document["producer_timestamp"].get<std::string>();
  const std::string received = document["timestamp"].get<std::string>();
  std::optional<Json> old = catalog_header(certname);
  if (old && older(produced, old->value("producer_timestamp", ""))) return;
  Json node = node_or_new(certname);
  const bool was_active = node_is_active(node);
  const std::string id = std::to_string(node_id(node));
  note_node(certname, environment, producer);
  if (old && old->value("hash", Json(nullptr)) == document["hash"]) {
    // The same resources, edges and environment as stored (PuppetDB's catalog hash match: it
    // then updates the catalog's own fields only): their documents and index sets stay, and
    // nothing of them is written out.
    store_.put(keys_.catalog(certname), own_document(document));
  } else {
    // The old catalog's sets; its resources are let go before the new ones are packed.
    std::vector<Membership> old_sets;
    if (old) old_sets = catalog_sets(keys_, catalog_resources(certname, *old), certname, id);
    replace_document(std::move(old_sets), sets(certname, id), [&] {
      // the resources and edges (one value, layout 6), then the header
      auto [packed, edges] = stored();
      CatalogBodyParts parts = catalog_body_parts(packed, edges, certname);
      packed.clear();
      // the shared part held before the body names it; the replaced body's let go after
      if (!parts.shared_name.empty())
        store_.add_reference(keys_.shared_groups(parts.shared_name), parts.shared);
      release_shared_part(store_.exchange(keys_.catalog_body(certname), parts.body));
      store_.put(keys_.catalog(certname), own_document(document));
    });
  }
  node["catalog_timestamp"] = received;
  node["catalog_producer_timestamp"] = produced;
  node["catalog_environment"] = document["environment"];
  reactivate_if_newer(node, produced);
  reactivated(node, was_active);
  write_node(node);
}

void FleetData::store_report(const Json& payload, const std::string& received) {
  std::string certname = certname_of(payload);
  std::string produced = producer_time(payload, received);
  Json report = payload;
  for (const char* field : {"start_time", "end_time"})
    if (report.contains(field) && report[field].is_string())
      report[field] = normalized_timestamp(report[field].get<std::string>());
  report["producer_timestamp"] = produced;
  report["receive_time"] = received;
  if (auto resources = report.find("resources"); resources != report.end() && resources->is_array())
    for (Json& resource : *resources) {
      if (resource.contains("timestamp") && resource["timestamp"].is_string())
        resource["timestamp"] = normalized_timestamp(resource["timestamp"].get<std::string>());
      if (auto events = resource.find("events"); events != resource.end() && events->is_array())
        for (Json& event : *events)
          if (event.contains("timestamp") && event["timestamp"].is_string())
            event["timestamp"] = normalized_timestamp(event["timestamp"].get<std::string>());
    }
  if (auto logs = report.find("logs"); logs != report.end() && logs->is_array())
    for (Json& log : *logs)
      if (log.contains("time") && log["time"].is_string())
        log["time"] = normalized_timestamp(log["time"].get<std::string>());
  report["hash"] = document_hash(report);
  note_node(certname, string_field(payload, "environment", false),
            string_field(payload, "producer", false));
  // deflated with the documents' dictionary and the fleet's learnt one
  const std::optional<LearntDictionary> learnt = learnt_dictionary_to_write(
      keys_.reports_dictionary(), keys_.reports_samples(), certname, report);
  store_.push_bounded(
      keys_.reports(certname),
      learnt ? stored_with_learnt(report.dump(), kDeflateFieldFrom, documents_dictionary(), *learnt)
             : own_document(report),
      reports_kept_);
  Json node = node_or_new(certname);
  const bool was_active = node_is_active(node);
  const std::vector<std::string> old_sets = latest_report_sets(node);
  if (!node["report_producer_timestamp"].is_string() ||
      !older(produced, node["report_producer_timestamp"].get<std::string>())) {
    node["latest_report_events"] = event_summary(report);
    node["report_timestamp"] = report.value("end_time", Json(received));
    node["report_producer_timestamp"] = produced;
    node["report_environment"] = optional_string(report, "environment");
    node["latest_report_hash"] = report["hash"];
    node["latest_report_status"] = report.value("status", Json(nullptr));
    node["latest_report_noop"] = report.value("noop", Json(nullptr));
    node["latest_report_noop_pending"] = report.value("noop_pending", Json(nullptr));
    node["latest_report_corrective_change"] = nullptr;  // not kept by PuppetDB (open source)
    node["latest_report_job_id"] = report.value("job_id", Json(nullptr));
    node["cached_catalog_status"] = report.value("cached_catalog_status", Json(nullptr));
  }
  reactivate_if_newer(node, produced);
  reactivated(node, was_active);
  replace_document(old_sets, latest_report_sets(node), certname, [&] { write_node(node); });
}

std::vector<std::string> FleetData::latest_report_sets(const Json& node) const {
  std::vector<std::string> sets;
  if (auto status = node.find("latest_report_status"); status != node.end() && status->is_string())
    sets.push_back(keys_.latest_report_status(status->get<std::string>()));
  if (auto events = node.find("latest_report_events"); events != node.end() && events->is_array())
    for (const Json& event : *events)
      if (event.is_array() && !event.empty() && event[0].is_string())
        sets.push_back(keys_.latest_event_status(event[0].get<std::string>()));
  return sets;
}

void FleetData::deactivate_node(const Json& payload, const std::string& received) {
  std::string certname = certname_of(payload);
  std::string produced = producer_time(payload, received);
  store_.add_member(keys_.all_nodes(), certname);
  Json node = node_or_new(certname);
  const bool was_active = node_is_active(node);
  if (node["deactivated"].is_null()) node["deactivated"] = produced;
  if (was_active) index_fact_paths(node, {}, fact_paths_of(facts(certname)));
  write_node(node);
}

namespace {

/// The time in `node[field]`, if it holds one.
std::optional<std::int64_t> time_in(const Json& node, const char* field) {
  auto found = node.find(field);
  if (found == node.end() || !found->is_string()) return std::nullopt;
  return parse_timestamp(found->get<std::string>());
}

/// Whether no facts, catalog or report of the node were produced at or after `horizon`.
bool stale(const Json& node, std::int64_t horizon) {
  for (const char* field :
       {"facts_producer_timestamp", "catalog_producer_timestamp", "report_producer_timestamp"})
    if (std::optional<std::int64_t> at = time_in(node, field); at && *at >= horizon) return false;
  return true;
}

constexpr std::int64_t kDayMillis = 24LL * 3600 * 1000;

std::int64_t millis(std::chrono::seconds duration) {
  return duration.count() * 1000LL;
}

}  // namespace

void FleetData::purge_node(Json& node) {
  const std::string certname = node["certname"];
  upgrade_indexes(node);
  if (std::optional<Json> old = facts(certname)) {
    const std::string id = std::to_string(node_id(node));
    change_sets(fact_sets(keys_, (*old)["values"], certname, id), false);
    index_fact_paths(node, {}, fact_paths_of(old));  // cleared already unless a race set them
  }
  if (std::optional<Json> old = catalog(certname)) {
    const std::string id = std::to_string(node_id(node));
    change_sets(catalog_sets(keys_, (*old)["resources"], certname, id), false);
  }
  for (const std::string& set : latest_report_sets(node)) store_.remove_member(set, certname);
  store_.remove(keys_.facts(certname));
  store_.remove(keys_.fact_object(certname));
  store_.remove_field(keys_.facts_samples(), certname);
  store_.remove_field(keys_.reports_samples(), certname);
  store_.remove(keys_.fact_values(certname));
  release_shared_part(store_.take(keys_.catalog_body(certname)));
  store_.remove(keys_.resources(certname));
  store_.remove(keys_.edges(certname));
  store_.remove(keys_.catalog(certname));
  store_.remove(keys_.reports(certname));
  store_.remove(keys_.node(certname));
  store_.remove(keys_.node_row_v11(certname));
  store_.remove_field(keys_.node_rows(), certname);
  store_.remove_field(keys_.latest_statuses(), certname);
  store_.remove_field(keys_.latest_failures(), certname);
  store_.remove_member(keys_.all_nodes(), certname);
}

void FleetData::summarize_latest_report(Json& node) {
  const Json hash = node.value("latest_report_hash", Json(nullptr));
  if (node.contains("latest_report_events") || !hash.is_string()) return;
  const std::string certname = node["certname"];
  Json summary = nullptr;  // the report gone: queries read the reports (none match)
  for (const Json& report : reports(certname))
    if (report.value("hash", Json(nullptr)) == hash) summary = event_summary(report);
  node["latest_report_events"] = std::move(summary);
  replace_document({}, latest_report_sets(node), certname, [&] { write_node(node); });
}

std::size_t FleetData::drop_reports_before(Json& node, std::int64_t horizon) {
  const std::string certname = node["certname"];
  std::vector<std::string> kept;  // newest first, as listed
  std::size_t dropped = 0;
  for (const std::string& text : store_.list(keys_.reports(certname))) {
    Json report = Json::parse(report_text(text), nullptr, false);
    std::optional<std::int64_t> produced =
        report.is_discarded() ? std::nullopt : time_in(report, "producer_timestamp");
    if (produced && *produced < horizon)
      ++dropped;
    else
      kept.push_back(text);
  }
  if (dropped == 0) return 0;
  store_.remove(keys_.reports(certname));
  for (auto report = kept.rbegin(); report != kept.rend(); ++report)
    store_.push_bounded(keys_.reports(certname), *report, reports_kept_);
  if (kept.empty()) {
    const std::vector<std::string> old_sets = latest_report_sets(node);
    for (const char* field :
         {"report_timestamp", "report_environment", "latest_report_hash", "latest_report_status",
          "latest_report_noop", "latest_report_noop_pending", "latest_report_corrective_change",
          "latest_report_job_id", "cached_catalog_status", "latest_report_events"})
      node[field] = nullptr;
    replace_document(old_sets, {}, certname, [&] { write_node(node); });
  }
  return dropped;
}

Collected FleetData::collect_garbage(const Retention& retention, std::int64_t now) {
  Collected collected;
  const std::int64_t stale_before = now - millis(retention.node_ttl);
  const std::int64_t purge_before = now - millis(retention.node_purge_ttl);
  // PuppetDB keeps reports by day (its partitions): the horizon is the start of that day.
  std::int64_t reports_before = now - millis(retention.report_ttl);
  reports_before -= ((reports_before % kDayMillis) + kDayMillis) % kDayMillis;
  for (const std::string& certname : certnames()) {
    std::optional<Json> node = this->node(certname);
    if (!node) continue;
    if (upgrade_indexes(*node)) write_node(*node);
    move_node_row(certname);
    summarize_latest_report(*node);
    if (retention.node_ttl.count() > 0 && node_is_active(*node) && stale(*node, stale_before)) {
      (*node)["expired"] = format_timestamp(now);
      index_fact_paths(*node, {}, fact_paths_of(facts(certname)));
      write_node(*node);
      ++collected.expired;
    }
    if (retention.node_purge_ttl.count() > 0) {
      std::optional<std::int64_t> deactivated = time_in(*node, "deactivated");
      std::optional<std::int64_t> expired = time_in(*node, "expired");
      if ((deactivated && *deactivated < purge_before) || (expired && *expired < purge_before)) {
        purge_node(*node);
        ++collected.purged;
        continue;
      }
    }
    if (retention.report_ttl.count() > 0)
      collected.reports_dropped += drop_reports_before(*node, reports_before);
  }
  return collected;
}

}  // namespace marionette::puppetdb
