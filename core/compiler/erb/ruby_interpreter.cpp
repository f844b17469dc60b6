#include <algorithm>
#include <unordered_map>

#include "compiler/erb/erb_template.hpp"
#include "compiler/erb/ruby_function.hpp"
#include "compiler/erb/ruby_kernel.hpp"
#include "compiler/erb/ruby_methods.hpp"
#include "digest/digest.hpp"
#include "rubyish/regex.hpp"

namespace marionette::compiler::erb {

namespace {

constexpr int kMaxDepth = 400;
constexpr std::int64_t kMaxLoopIterations = 10'000'000;

struct NextSignal {
  RubyValue value;
};
struct BreakSignal {
  RubyValue value;
};
struct ReturnSignal {
  RubyValue value;
};

/// Local variables of the template or of a block (which also sees its outer frames').
struct Frame {
  Frame* parent = nullptr;
  std::vector<std::pair<std::string, RubyValue>> variables;

  RubyValue* find(const std::string& name) {
    for (Frame* f = this; f; f = f->parent)
      for (auto& [key, value] : f->variables)
        if (key == name) return &value;
    return nullptr;
  }
  void assign(const std::string& name, RubyValue value) {
    if (RubyValue* found = find(name))
      *found = std::move(value);
    else
      variables.emplace_back(name, std::move(value));
  }
};

class Interpreter {
 public:
  explicit Interpreter(TemplateHost& host, RubyFunctionHost* function = nullptr)
      : host_(host), function_(function) {}

  /// A method of a module's function (ruby_function.hpp), with its file's methods.
  RubyValue run_method(const RubyFunctionProgram& program, const std::string& name,
                       RubyArray& args) {
    for (const auto& [method_name, method] : program.methods) methods_[method_name] = method;
    try {
      return call_defined(*methods_.at(name), args);
    } catch (const ClassedRubyError& e) {
      throw Unsupported{line_, "an unrescued " + e.classes.front()};
    } catch (const NextSignal&) {
      throw RubyError("Can't escape from eval with next");
    } catch (const BreakSignal&) {
      throw RubyError("Can't escape from eval with break");
    } catch (const std::regex_error& e) {
      throw RubyError(std::string("invalid regexp: ") + e.what());
    } catch (const BeyondTheEngine& beyond) {
      throw Unsupported{line_, beyond.construct};
    }
  }

  std::string run(const Node& body) {
    Frame top;
    try {
      eval(body, top);
    } catch (const ClassedRubyError& e) {
      // Its message is the library's, which differs between Ruby versions: Ruby's ERB says it.
      throw Unsupported{line_, "an unrescued " + e.classes.front()};
    } catch (const RubyError& e) {
      throw TemplateError{line_, e.what()};
    } catch (const NextSignal&) {
      throw TemplateError{line_, "Can't escape from eval with next"};
    } catch (const BreakSignal&) {
      throw TemplateError{line_, "Can't escape from eval with break"};
    } catch (const std::regex_error& e) {
      throw TemplateError{line_, std::string("invalid regexp: ") + e.what()};
    } catch (const BeyondTheEngine& beyond) {
      throw Unsupported{line_, beyond.construct};
    }
    return std::move(out_);
  }

 private:
  struct Depth {
    explicit Depth(Interpreter& i) : i_(i) {
      if (++i_.depth_ > kMaxDepth) throw RubyError("stack level too deep");
    }
    ~Depth() { --i_.depth_; }
    Interpreter& i_;
  };

  RubyValue eval(const Node& n, Frame& frame) {
    Depth depth(*this);
    switch (n.kind) {
      // Each run of a string literal is a new String (the template may change it in place).
      case NodeKind::Literal:
        return n.value.is_string() ? RubyValue(n.value.string()) : n.value;
      case NodeKind::String: {
        std::string text;
        for (const NodePtr& part : n.items) append_to_s(eval(*part, frame), text);
        return text;
      }
      case NodeKind::Regexp:
        return regexp(n, frame);
      case NodeKind::Array: {
        RubyArray items;
        for (const NodePtr& item : n.items) {
          RubyValue value = eval(*item, frame);
          if (!item->splat) {
            items.push_back(std::move(value));
          } else if (value.is_array()) {  // `*x` as Ruby splats it: nil is nothing
            items.insert(items.end(), value.array().begin(), value.array().end());
          } else if (value.is_hash() || value.is_range()) {
            RubyArray elements = elements_of(value);
            items.insert(items.end(), elements.begin(), elements.end());
          } else if (!value.is_nil()) {
            items.push_back(std::move(value));
          }
        }
        return items;
      }
      case NodeKind::Hash: {
        RubyHash pairs;
        for (std::size_t i = 0; i + 1 < n.items.size(); i += 2) {
          RubyValue key = eval(*n.items[i], frame);
          hash_store(pairs, std::move(key), eval(*n.items[i + 1], frame));
        }
        return pairs;
      }
      case NodeKind::Range: {
        RubyValue first = eval(*n.a, frame), last = eval(*n.b, frame);
        line_ = n.line;
        if (!first.is_integer() || !last.is_integer()) throw RubyError("bad value for range");
        return RubyRange{first.integer(), last.integer(), n.name == "..."};
      }
      case NodeKind::LocalVar: {
        RubyValue* found = frame.find(n.name);
        return found ? *found : RubyValue();
      }
      case NodeKind::InstanceVar:
        return instance_variable(n.name);
      case NodeKind::NthRef: {
        std::size_t i = 0;
        for (char digit : n.name)
          i = std::min<std::size_t>(i * 10 + static_cast<std::size_t>(digit - '0'), 1000);
        return i < last_match_.size() ? last_match_[i] : RubyValue();
      }
      case NodeKind::Const:
        return constant_value(n.name);
      case NodeKind::Self:
        return scope_object(host_);
      case NodeKind::Call:
        return call(n, frame);
      case NodeKind::Index:
        return call(n, frame);
      case NodeKind::Not:
        return !truthy(eval(*n.a, frame));
      case NodeKind::And: {
        RubyValue left = eval(*n.a, frame);
        return truthy(left) ? eval(*n.b, frame) : left;
      }
      case NodeKind::Or: {
        RubyValue left = eval(*n.a, frame);
        return truthy(left) ? left : eval(*n.b, frame);
      }
      case NodeKind::If:
        if (truthy(eval(*n.a, frame))) return n.b ? eval(*n.b, frame) : RubyValue();
        return n.c ? eval(*n.c, frame) : RubyValue();
      case NodeKind::While: {
        std::int64_t rounds = 0;
        try {
          while (truthy(eval(*n.a, frame))) {
            if (++rounds > kMaxLoopIterations) throw RubyError("loop ran more than 10000000 times");
            try {
              eval(*n.b, frame);
            } catch (NextSignal&) {
            }
          }
        } catch (BreakSignal& b) {
          return b.value;
        }
        return RubyValue();
      }
      case NodeKind::Case:
        return case_of(n, frame);
      case NodeKind::Assign: {
        RubyValue value = eval(*n.b, frame);
        if (n.items.empty()) {
          assign(*n.a, value, frame);
          return value;
        }
        // `k, v = list`: the items in turn, nil past the end; a value no Array is the first's
        // (`k, v = *x` spreads a Hash or Range into its elements).
        if (n.splat && (value.is_hash() || value.is_range())) value = elements_of(value);
        for (std::size_t i = 0; i < n.items.size(); ++i) {
          RubyValue item;
          if (value.is_array()) {
            if (i < value.array().size()) item = value.array()[i];
          } else if (i == 0) {
            item = value;
          }
          assign(*n.items[i], item, frame);
        }
        return value;
      }
      case NodeKind::OpAssign:
        return op_assign(n, frame);
      case NodeKind::Sequence: {
        RubyValue last;
        for (const NodePtr& item : n.items) last = eval(*item, frame);
        return last;
      }
      case NodeKind::Text:
        out_ += n.value.string();
        return RubyValue();
      case NodeKind::Output: {
        RubyValue value = eval(*n.a, frame);
        append_to_s(value, out_);
        return RubyValue();
      }
      case NodeKind::Defined:
        return defined(*n.a, frame);
      case NodeKind::Next:
        throw NextSignal{n.a ? eval(*n.a, frame) : RubyValue()};
      case NodeKind::Break:
        throw BreakSignal{n.a ? eval(*n.a, frame) : RubyValue()};
      case NodeKind::Return:
        throw ReturnSignal{n.a ? eval(*n.a, frame) : RubyValue()};
      case NodeKind::Rescue:
        try {
          return eval(*n.a, frame);
        } catch (const RubyError&) {
          return eval(*n.b, frame);
        } catch (const std::regex_error&) {
          return eval(*n.b, frame);
        }
      case NodeKind::Begin:
        return begin_block(n, frame);
      case NodeKind::Def:
        methods_[n.name] = &n;
        return RubySymbol{n.name};
      default:
        line_ = n.line;
        throw RubyError("construct beyond the template engine");
    }
  }

  /// `begin ... rescue ... else ... ensure ... end`. The ensure part runs however the rest ends,
  /// except when the template turns out to be Ruby's (nothing it did is kept then).
  RubyValue begin_block(const Node& n, Frame& frame) {
    RubyValue value;
    try {
      value = rescued(n, frame);
    } catch (const BeyondTheEngine&) {
      throw;
    } catch (...) {
      if (n.c) eval(*n.c, frame);
      throw;
    }
    if (n.c) eval(*n.c, frame);
    return value;
  }

  RubyValue rescued(const Node& n, Frame& frame) {
    const Node* clause = nullptr;
    RubyValue value;
    try {
      value = eval(*n.a, frame);
    } catch (const ClassedRubyError& e) {
      if (!(clause = rescuing(n, &e, frame))) throw;
    } catch (const RubyError&) {
      if (!(clause = rescuing(n, nullptr, frame))) throw;
    } catch (const std::regex_error&) {
      if (!(clause = rescuing(n, nullptr, frame))) throw;
    }
    if (!clause) return n.b ? eval(*n.b, frame) : value;
    return eval(*clause->b, frame);
  }

  /// The first clause that rescues the error: one naming no class rescues a StandardError (every
  /// error the engine raises); one naming classes, an error of one of them. An error whose class
  /// the engine does not know, met by a clause naming a class it might be, is Ruby's to tell.
  const Node* rescuing(const Node& n, const ClassedRubyError* error, Frame& frame) {
    for (const NodePtr& clause : n.items) {
      if (clause->items.empty()) return clause.get();
      bool named = false;
      std::vector<std::string> names = rescued_classes(*clause, frame);
      for (const std::string& name : names) {
        if (name == "StandardError" || name == "Exception") return clause.get();
        if (error)
          for (const std::string& own : error->classes) named = named || own == name;
      }
      if (named) return clause.get();
      if (!error)
        throw BeyondTheEngine{"'rescue " + (names.empty() ? std::string("*[]") : names.front()) +
                              "' of an error of another class"};
    }
    return nullptr;
  }

  /// The class names a clause rescues: `rescue A, B` or `rescue *list` (an Array of classes).
  std::vector<std::string> rescued_classes(const Node& clause, Frame& frame) {
    std::vector<std::string> names;
    for (const NodePtr& listed : clause.items) {
      if (!listed->splat) {
        names.push_back(listed->value.string());
        continue;
      }
      RubyValue* list = frame.find(listed->name);
      if (!list || !list->is_array()) throw BeyondTheEngine{"'rescue *' of this value"};
      for (const RubyValue& item : list->array()) {
        if (!item.is_object() || item.object().class_name != "Class")
          throw BeyondTheEngine{"'rescue *' of this value"};
        names.push_back(item.object().text);
      }
    }
    return names;
  }

  RubyValue instance_variable(const std::string& name) {
    auto found = ivars_.find(name);
    if (found != ivars_.end()) return found->second;
    RubyValue value = host_.instance_variable(name);
    ivars_.emplace(name, value);
    return value;
  }

  RubyValue regexp(const Node& n, Frame& frame) {
    bool constant = true;
    for (const NodePtr& part : n.items) constant = constant && part->kind == NodeKind::Literal;
    if (constant) {
      auto cached = regexps_.find(&n);
      if (cached != regexps_.end()) return cached->second;
    }
    std::string source;
    for (const NodePtr& part : n.items) append_to_s(eval(*part, frame), source);
    RubyRegexp r;
    r.source = source;
    r.ignore_case = n.name.find('i') != std::string::npos;
    line_ = n.line;
    auto flags = std::regex::ECMAScript;
    if (r.ignore_case) flags |= std::regex::icase;
    r.compiled = std::make_shared<const std::regex>(rubyish::compile_ruby_regex(source, flags));
    if (constant) regexps_.emplace(&n, r);
    return r;
  }

  RubyValue case_of(const Node& n, Frame& frame) {
    RubyValue subject = n.a ? eval(*n.a, frame) : RubyValue();
    for (const NodePtr& when : n.items) {
      for (const NodePtr& candidate : when->items) {
        RubyValue value = eval(*candidate, frame);
        bool hit;
        if (!n.a) {
          hit = truthy(value);
        } else {
          RubyArray args{subject};
          hit = truthy(invoke(value, "===", args, nullptr, when->line));
        }
        if (hit) return eval(*when->b, frame);
      }
    }
    return n.c ? eval(*n.c, frame) : RubyValue();
  }

  void assign(const Node& target, RubyValue value, Frame& frame) {
    if (target.kind == NodeKind::LocalVar) {
      frame.assign(target.name, std::move(value));
    } else if (target.kind == NodeKind::InstanceVar) {
      ivars_[target.name] = std::move(value);
    } else {
      RubyValue receiver = eval(*target.a, frame);
      RubyArray args;
      for (const NodePtr& item : target.items) args.push_back(eval(*item, frame));
      args.push_back(std::move(value));
      invoke(receiver, "[]=", args, nullptr, target.line);
    }
  }

  RubyValue op_assign(const Node& n, Frame& frame) {
    RubyValue current =
        n.a->kind == NodeKind::LocalVar && !frame.find(n.a->name) ? RubyValue() : eval(*n.a, frame);
    RubyValue value;
    if (n.name == "||") {
      if (truthy(current)) return current;
      value = eval(*n.b, frame);
    } else if (n.name == "&&") {
      if (!truthy(current)) return current;
      value = eval(*n.b, frame);
    } else {
      RubyArray args{eval(*n.b, frame)};
      value = invoke(current, n.name, args, nullptr, n.line);
    }
    assign(*n.a, value, frame);
    return value;
  }

  RubyValue defined(const Node& n, Frame& frame) {
    switch (n.kind) {
      case NodeKind::InstanceVar: {
        RubyValue value = instance_variable(n.name);
        return value.is_nil() && !ivars_assigned(n.name) ? RubyValue()
                                                         : RubyValue("instance-variable");
      }
      case NodeKind::LocalVar:
        return frame.find(n.name) ? RubyValue("local-variable") : RubyValue();
      case NodeKind::Const:
        return "expression";
      case NodeKind::Call:
        return n.a ? RubyValue("method") : RubyValue("method");
      default:
        return "expression";
    }
  }

  bool ivars_assigned(const std::string& name) { return host_.has_variable(name); }

  RubyValue call(const Node& n, Frame& frame) {
    RubyValue receiver;
    bool self_call = !n.a;
    if (n.a) {
      receiver = eval(*n.a, frame);
      if (n.safe && receiver.is_nil()) return RubyValue();
    }
    RubyArray args;
    for (std::size_t i = 0; i < n.items.size(); ++i) {
      RubyValue value = eval(*n.items[i], frame);
      if (n.splat_last && i + 1 == n.items.size() && value.is_array())
        args.insert(args.end(), value.array().begin(), value.array().end());
      else
        args.push_back(std::move(value));
    }
    line_ = n.line;
    const std::string& name = n.kind == NodeKind::Index ? kIndex : n.name;
    if (self_call) {
      auto defined = methods_.find(name);
      if (defined != methods_.end()) return call_defined(*defined->second, args);
      if (function_ && name == "closure_scope") return scope_object(host_);
      if (function_ && name == "lookupdefaults") return resource_defaults(args);
      if (function_ && name == "_") return gettext(args);
      if (function_ && name == "call_function") {  // a function's call_function(name, *args)
        if (args.empty()) throw RubyError("wrong number of arguments (given 0, expected 1+)");
        RubyValue function = args.front();
        std::string called = function.is_symbol() ? function.symbol() : string_argument(function);
        return function_->call_function(called, RubyArray(args.begin() + 1, args.end()));
      }
      return call_kernel_function(name, args, host_);
    }
    BlockFunction block;
    if (n.block) {
      const Block& b = *n.block;
      block = [this, &b, &frame](RubyArray values) -> RubyValue {
        Frame local{&frame, {}};
        bind(b.parameters, values, local);
        try {
          return eval(*b.body, local);
        } catch (NextSignal& next) {
          return next.value;
        }
      };
    }
    try {
      return invoke(receiver, name, args, n.block ? &block : nullptr, n.line);
    } catch (BreakSignal& b) {
      return b.value;
    }
  }

  /// A method the template defined: its own frame, only its parameters as locals (an optional
  /// one not given takes its default, which sees the parameters before it; `*rest` the rest).
  RubyValue call_defined(const Node& method, RubyArray& args) {
    const std::vector<BlockParameter>& parameters = method.block->parameters;
    bool rest = !parameters.empty() && parameters.back().splat;
    std::size_t required = 0, optional = 0;
    for (const BlockParameter& parameter : parameters)
      (parameter.optional >= 0 ? optional : required) += parameter.splat ? 0 : 1;
    if (args.size() < required || (!rest && args.size() > required + optional))
      throw RubyError("wrong number of arguments (given " + std::to_string(args.size()) +
                      ", expected " + std::to_string(required) +
                      (rest       ? "+"
                       : optional ? ".." + std::to_string(required + optional)
                                  : "") +
                      ")");
    Frame local;
    std::size_t given = 0;
    for (const BlockParameter& parameter : parameters) {
      if (parameter.splat) {
        local.variables.emplace_back(
            parameter.name,
            RubyArray(args.begin() + static_cast<std::ptrdiff_t>(std::min(given, args.size())),
                      args.end()));
      } else if (parameter.optional >= 0 && given >= args.size()) {  // (required ones come first)
        local.variables.emplace_back(
            parameter.name,
            eval(*method.items[static_cast<std::size_t>(parameter.optional)], local));
      } else {
        local.variables.emplace_back(parameter.name, args[given++]);
      }
    }
    try {
      return eval(*method.block->body, local);
    } catch (ReturnSignal& r) {
      return r.value;
    }
  }

  RubyValue invoke(RubyValue& receiver, const std::string& name, RubyArray& args,
                   const BlockFunction* block, int line) {
    line_ = line;
    if (is_scope_object(receiver)) return call_scope_method(name, args, host_);
    if (receiver.is_object() && receiver.object().class_name == "Class") {
      const std::string& klass = receiver.object().text;
      if (klass == "IPAddr" && name == "new") return ipaddr_new(args);
      if (klass == "Hash" && name == "[]") return hash_of_pairs(args);
      if ((klass == "Hash" || klass == "Array") && name == "new") {
        if (!args.empty() || block) throw BeyondTheEngine{klass + ".new of this form"};
        return klass == "Hash" ? RubyValue(RubyHash{}) : RubyValue(RubyArray{});
      }
      if (klass == "IPAddr" && name == "const_defined?") return ipaddr_const_defined(args);
      if (klass == "Regexp" && (name == "compile" || name == "new")) return regexp_new(args);
      if (klass.starts_with("Digest::")) return digest_of(klass, name, args);
      if (klass == "ERB::Util" && (name == "url_encode" || name == "u")) return url_encode(args);
      if (klass == "URI::Generic" && name == "build") return uri_generic_build(args);
      if (klass == "Puppet" && function_) return puppet_log(name, args);
    }
    // An IPAddr or URI answers only as any object does, and to what ruby_libraries.cpp has.
    if (receiver.is_object() &&
        (receiver.object().class_name == "IPAddr" ||
         receiver.object().class_name == "URI::Generic") &&
        name != "to_s" && name != "class" && name != "inspect" && name != "nil?" &&
        name != "is_a?" && name != "kind_of?" && name != "instance_of?") {
      if (receiver.object().class_name == "IPAddr") return ipaddr_method(receiver.object(), name);
      throw BeyondTheEngine{receiver.object().class_name + "#" + name};
    }
    Method method = find_method(receiver, name);
    if (!method) throw RubyError(no_method_message(name, receiver));
    MethodCall c{receiver, name, args, block, last_match_};
    RubyValue result = method(c);
    line_ = line;
    return result;
  }

  /// A 3.x function's `lookupdefaults(type)`, which it may only ask `has_key?` (its file was
  /// checked so): the attributes' names as Symbols, each to nil.
  RubyValue resource_defaults(const RubyArray& args) {
    if (args.size() != 1 || !(args[0].is_string() || args[0].is_symbol()))
      throw BeyondTheEngine{"'lookupdefaults' of this value"};
    RubyHash names;
    for (const std::string& name : function_->resource_default_names(to_s(args[0])))
      hash_store(names, RubySymbol{name}, RubyValue());
    return names;
  }

  /// `Hash[[[k, v], ...]]`: a Hash of the pairs; any other form is Ruby's.
  static RubyValue hash_of_pairs(const RubyArray& args) {
    if (args.size() != 1 || !args[0].is_array()) throw BeyondTheEngine{"Hash[] of this form"};
    RubyHash pairs;
    for (const RubyValue& pair : args[0].array()) {
      if (!pair.is_array() || pair.array().empty() || pair.array().size() > 2)
        throw BeyondTheEngine{"Hash[] of this form"};
      hash_store(pairs, pair.array()[0], pair.array().size() == 2 ? pair.array()[1] : RubyValue());
    }
    return pairs;
  }

  /// gettext's `_(text)` as Puppet has it without a translation: the text, a new String.
  static RubyValue gettext(const RubyArray& args) {
    if (args.size() != 1 || !args[0].is_string()) throw BeyondTheEngine{"'_' of this form"};
    return RubyValue(args[0].string());
  }

  /// `Regexp.new(source)` (`Regexp.compile`): a String's regexp, a Regexp itself; options are
  /// Ruby's.
  RubyValue regexp_new(const RubyArray& args) {
    if (args.size() != 1 || !(args[0].is_string() || args[0].is_regexp()))
      throw BeyondTheEngine{"Regexp.new of this form"};
    if (args[0].is_regexp()) return args[0];
    RubyRegexp r;
    r.source = args[0].string();
    try {
      r.compiled = std::make_shared<const std::regex>(
          rubyish::compile_ruby_regex(r.source, std::regex::ECMAScript));
    } catch (const std::regex_error&) {
      throw BeyondTheEngine{"Regexp.new of a source the engine does not compile"};  // Ruby's words
    }
    return r;
  }

  /// `Puppet.debug(message)` and its kin: logged, as Puppet logs them, once the function has
  /// returned (nothing is logged when it turns out to be Ruby's).
  RubyValue puppet_log(const std::string& name, RubyArray& args) {
    if ((name != "debug" && name != "info" && name != "notice" && name != "warning" &&
         name != "err") ||
        args.size() != 1 || !(args[0].is_string() || args[0].is_symbol() || args[0].is_number()))
      throw BeyondTheEngine{"Puppet." + name + " of this form"};
    function_->log(name, to_s(args[0]));
    return RubyValue();
  }

  /// `Digest::MD5.hexdigest(text)`, `Digest::SHA1.digest(text)`: the digest's hex or bytes.
  static RubyValue digest_of(const std::string& class_name, const std::string& name,
                             RubyArray& args) {
    auto algorithm = class_name == "Digest::MD5"    ? digest::Algorithm::md5
                     : class_name == "Digest::SHA1" ? digest::Algorithm::sha1
                                                    : digest::Algorithm::sha256;
    if (args.size() != 1)
      throw RubyError("wrong number of arguments (given " + std::to_string(args.size()) +
                      ", expected 1)");
    if (!args[0].is_string())
      throw RubyError("no implicit conversion of " + class_name_of(args[0]) + " into String");
    if (name == "hexdigest") return digest::hex(algorithm, args[0].string());
    if (name == "digest") return digest::bytes(algorithm, args[0].string());
    throw RubyError("undefined method `" + name + "' for " + class_name + ":Class");
  }

  static std::string class_name_of(const RubyValue& value) {
    return value.is_nil()    ? "nil"
           : value.is_bool() ? (value.boolean() ? "true" : "false")
                             : class_name(value);
  }

  /// Ruby's block parameters: one array argument is spread over several parameters.
  void bind(const std::vector<BlockParameter>& parameters, RubyArray values, Frame& frame) {
    bool spread = values.size() == 1 && values[0].is_array() &&
                  (parameters.size() > 1 || (parameters.size() == 1 && parameters[0].splat));
    if (spread) values = RubyArray(values[0].array());
    for (std::size_t i = 0; i < parameters.size(); ++i) {
      const BlockParameter& p = parameters[i];
      if (p.splat) {
        RubyArray rest;
        for (std::size_t j = i; j < values.size(); ++j) rest.push_back(values[j]);
        frame.variables.emplace_back(p.name, std::move(rest));
        continue;
      }
      RubyValue value = i < values.size() ? values[i] : RubyValue();
      if (!p.nested.empty()) {
        RubyArray inner = value.is_array() ? value.array() : RubyArray{value};
        bind(p.nested, {RubyValue(std::move(inner))}, frame);
        continue;
      }
      frame.variables.emplace_back(p.name, std::move(value));
    }
  }

  static inline const std::string kIndex = "[]";

  TemplateHost& host_;
  RubyFunctionHost* function_;  ///< a function's host, when a function's method runs
  std::string out_;
  int line_ = 0;
  int depth_ = 0;
  std::vector<RubyValue> last_match_;
  std::unordered_map<std::string, RubyValue> ivars_;
  std::unordered_map<const Node*, RubyRegexp> regexps_;
  std::unordered_map<std::string, const Node*> methods_;
};

}  // namespace

std::string render_erb(const ErbProgram& program, TemplateHost& host) {
  return Interpreter(host).run(*program.body);
}

namespace {

/// A function's method has no template around it: what only a template does (scope, @name) is
/// refused when its file is read (ruby_function.cpp), so none of this is asked.
class NoTemplate : public TemplateHost {
 public:
  explicit NoTemplate(RubyFunctionHost& function) : function_(function) {}
  /// `closure_scope['name']`: the one thing of the scope object a function's method may use.
  RubyValue lookup_variable(const std::string& name) override {
    return function_.lookup_variable(name);
  }
  RubyValue instance_variable(const std::string&) override { throw beyond(); }
  void set_variable(const std::string&, const RubyValue&) override { throw beyond(); }
  RubyHash visible_variables() override { throw beyond(); }
  bool has_variable(const std::string&) override { throw beyond(); }
  RubyValue call_function(const std::string&, RubyArray) override { throw beyond(); }
  std::string scope_name() override { return "Scope(Class[main])"; }

 private:
  static BeyondTheEngine beyond() { return {"a method of closure_scope"}; }
  RubyFunctionHost& function_;
};

}  // namespace

RubyValue call_ruby_method(const RubyFunctionProgram& program, const std::string& method,
                           RubyArray arguments, RubyFunctionHost& host) {
  NoTemplate scope(host);
  return Interpreter(scope, &host).run_method(program, method, arguments);
}

}  // namespace marionette::compiler::erb
