#include <catch2/catch.hpp>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "ledger/cli.hpp"
#include "ledger/flag_values.hpp"

using namespace ledger::cli;

namespace {
// A small table in the shape of op_traffic's: --heads/--head-dim/--help share
// a prefix, --seq-len is a number, --sweep a switch, and the "reference" names
// the flags whose abbreviations keep their meaning.
const FlagTable& sample_table() {
  static const FlagTable table = [] {
    auto options = std::make_shared<boost::program_options::options_description>();
    options->add_options()("seq-len", real_value(), "")("heads", text_value("N"), "")("head-dim", integer_value(), "")(
        "sweep", "")("help,h", "")("params", real_value(), "")("plot", text_value("FILE.svg"), "")(
        "profile", text_value("FILE"), "")("topk", integer_list_value(), "");
    return FlagTable(options, {"seq-len", "heads", "head-dim", "help", "params"});
  }();
  return table;
}
Args parse_words(std::vector<const char*> words) {
  words.insert(words.begin(), "prog");
  return parse(static_cast<int>(words.size()), words.data(), sample_table());
}
// A value as a program reads it: converted by the table's value type when
// parse() reads the flag, then asked for by type (a refusal names the flag).
double seq_len(const std::string& text) { return parse_words({("--seq-len=" + text).c_str()}).real("seq-len", 1.0); }
std::uint64_t head_dim(const std::string& text) {
  return parse_words({("--head-dim=" + text).c_str()}).integer("head-dim", 1);
}
std::vector<std::uint64_t> topk(const std::string& text) {
  return parse_words({("--topk=" + text).c_str()}).integer_list("topk", {1});
}
}  // namespace

TEST_CASE("numbers parse with Python float() syntax", "[cli]") {
  CHECK(seq_len("4096") == 4096.0);
  CHECK(seq_len("7e9") == 7e9);
  CHECK(seq_len(" +1_000.5 ") == 1000.5);
  CHECK(seq_len(".5") == 0.5);
  CHECK(seq_len("5.") == 5.0);
  for (const char* bad : {"abc", "-1", "0", "nan", "inf", "-inf", "1e400", "", "1__0", "_1", "0x10", "1e", "nan(1)"}) {
    CAPTURE(bad);
    CHECK_THROWS_WITH(seq_len(bad), Catch::StartsWith("--seq-len: expected a"));
  }
  CHECK_THROWS_WITH(seq_len("abc"), "--seq-len: expected a number > 0, got 'abc'");
}

TEST_CASE("integers refuse fractions, signs below 1 and 64-bit overflow", "[cli]") {
  CHECK(head_dim("512") == 512);
  CHECK(head_dim("9223372036854775807") == 9223372036854775807ULL);
  for (const char* bad : {"1.5", "0", "-3", "1e3", "9223372036854775808", "x"}) {
    CAPTURE(bad);
    CHECK_THROWS_WITH(head_dim(bad), Catch::StartsWith("--head-dim: expected a whole number"));
  }
  CHECK(topk("16,32") == std::vector<std::uint64_t>{16, 32});
  CHECK_THROWS_WITH(topk(""), Catch::StartsWith("--topk: expected a comma-separated list"));
  CHECK_THROWS_WITH(topk("16,,32"), Catch::StartsWith("--topk: expected a comma-separated list"));
}

TEST_CASE("flags: --flag value, --flag=value, prefixes, last one wins", "[cli]") {
  const Args a = parse_words({"--seq-len", "-1", "--heads=8", "--heads", "16", "--sw"});
  CHECK(a.get("seq-len", "") == "-1");  // argparse reads a negative number as the value
  CHECK(a.get("heads", "") == "16");
  CHECK(a.flag("sweep"));
  CHECK(a.get("params", "dflt") == "dflt");
  CHECK(parse_words({"--heads="}).get("heads", "x").empty());  // argparse accepts an empty value
  CHECK(parse_words({"--heads", ""}).get("heads", "x").empty());
  CHECK(parse_words({"--heads", "-4 4"}).get("heads", "") == "-4 4");  // a space: a value, as argparse reads it
  CHECK(parse_words({"--heads=-x"}).get("heads", "") == "-x");
  CHECK_THROWS_AS(parse_words({"--nope", "1"}), UsageError);
  CHECK_THROWS_AS(parse_words({"stray"}), UsageError);
  CHECK_THROWS_AS(parse_words({"--heads"}), UsageError);
  CHECK_THROWS_AS(parse_words({"--sweep=1"}), UsageError);
  CHECK_THROWS_WITH(parse_words({"--nope", "1"}), "unknown flag '--nope' (see --help for the accepted flags)");
  CHECK_THROWS_WITH(parse_words({"--heads"}),
                    "'--heads' expects a value after it (a word starting with '-' is a value only when it is a "
                    "negative number: write --heads=VALUE for another) (see --help for the accepted flags)");
}

TEST_CASE("values are converted when read and asked for by type", "[cli]") {
  const Args a = parse_words({"--head-dim", "１_２８", "--seq-len", "7e9", "--params=-3", "--topk", "8,16"});
  CHECK(a.integer("head-dim", 1) == 128);
  CHECK(a.real("seq-len", 1.0) == 7e9);
  CHECK(a.integer_list("topk", {1}) == std::vector<std::uint64_t>{8, 16});
  CHECK(parse_words({}).real("seq-len", 4.5) == 4.5);
  CHECK(parse_words({}).integer_list("topk", {4}) == std::vector<std::uint64_t>{4});
  // argparse's type=float reads -3; the program refuses it when it uses the value.
  CHECK_THROWS_WITH(a.real("params", 1.0), "--params: expected a number > 0, got '-3'");
  CHECK_THROWS_WITH(a.integer_list("topk", {}, 1), "--topk: at most 1 comma-separated values, got 2");
  // Bad syntax and bad integers are refused as the flag is read, named by the flag's full name.
  CHECK_THROWS_WITH(parse_words({"--seq", "abc"}), "--seq-len: expected a number > 0, got 'abc'");
  CHECK_THROWS_WITH(parse_words({"--head-dim", "0"}),
                    "--head-dim: expected a whole number from 1 to 9223372036854775807, got '0'");
  CHECK_THROWS_WITH(parse_words({"--topk", "8,,16"}),
                    "--topk: expected a comma-separated list of whole numbers >= 1, got '8,,16'");
  // A type the table does not declare for the flag is a programming error.
  CHECK_THROWS_AS(a.integer("seq-len", 1), std::logic_error);
  CHECK_THROWS_AS(a.real("heads", 1.0), std::logic_error);
  CHECK_THROWS_AS(parse_words({"--heads", "8"}).real("heads", 1.0), std::logic_error);
  CHECK(parse_words({"--plot", "x.svg"}).choice("plot", {"a.svg", "x.svg"}, "a.svg") == "x.svg");
  CHECK_THROWS_WITH(parse_words({"--plot", "y.svg"}).choice("plot", {"a.svg", "x.svg"}, "a.svg"),
                    "--plot: unknown value 'y.svg' (accepted: a.svg, x.svg)");
}

TEST_CASE("a struct's fields are read from their flags by type, in the listed order", "[cli]") {
  struct Shape {
    double seq_len = 1.5;
    std::uint64_t head_dim = 64;
    std::vector<std::uint64_t> topk{512};
    double params = 7e9;
  };
  const std::vector<FieldFlag<Shape>> fields{{"seq-len", &Shape::seq_len},
                                             {"head-dim", &Shape::head_dim},
                                             {"topk", &Shape::topk, 2},
                                             {"params", &Shape::params}};
  Shape s;
  read_fields(parse_words({"--head-dim", "128", "--topk", "8,16"}), s, fields);
  CHECK(s.seq_len == 1.5);  // not given: the field keeps its value
  CHECK(s.head_dim == 128);
  CHECK(s.topk == std::vector<std::uint64_t>{8, 16});
  CHECK(differing_flags(s, Shape{}, fields) == std::vector<std::string>{"--head-dim", "--topk"});
  // The list's limit is the field's; of two values refused, the first listed field's is named.
  CHECK_THROWS_WITH(read_fields(parse_words({"--topk", "1,2,3"}), s, fields),
                    "--topk: at most 2 comma-separated values, got 3");
  CHECK_THROWS_WITH(read_fields(parse_words({"--params=-1", "--seq-len=-2"}), s, fields),
                    "--seq-len: expected a number > 0, got '-2'");
}

TEST_CASE("asking for a flag the table does not declare is an error, not a fallback", "[cli]") {
  const Args a = parse_words({"--heads", "8"});
  CHECK_THROWS_AS(a.get("typo", "fallback"), std::logic_error);
  CHECK_THROWS_AS(a.has("typo"), std::logic_error);
  CHECK_THROWS_AS(a.flag("typo"), std::logic_error);
}

TEST_CASE("a word starting with '-' is a value only when it looks like a negative number", "[cli]") {
  // argparse's _negative_number_matcher: '^-\d+$|^-\d*\.\d+$'.
  CHECK(parse_words({"--seq-len", "-5"}).get("seq-len", "") == "-5");
  CHECK(parse_words({"--seq-len", "-.5"}).get("seq-len", "") == "-.5");
  CHECK(parse_words({"--seq-len", "-1.5"}).get("seq-len", "") == "-1.5");
  for (const char* word : {"-reduce", "-1e5", "-inf", "-5.", "--sweep", "--", "-h"}) {
    CAPTURE(word);
    CHECK_THROWS_WITH(parse_words({"--heads", word}), Catch::Contains("'--heads' expects a value after it"));
  }
}

TEST_CASE("--help wins over unknown words anywhere, a bad value before it fails first", "[cli]") {
  CHECK(parse_words({"--help", "--bogus"}).flag("help"));
  CHECK(parse_words({"--bogus", "--help"}).flag("help"));
  CHECK(parse_words({"stray", "-h"}).flag("help"));
  CHECK(parse_words({"--help", "--seq-len", "abc"}).flag("help"));
  CHECK(parse_words({"-hh"}).flag("help"));
  CHECK(parse_words({"--seq-len", "0", "--help"}).flag("help"));  // float('0') passes argparse's type=float
  CHECK_THROWS_WITH(parse_words({"--seq-len", "abc", "--help"}), "--seq-len: expected a number > 0, got 'abc'");
  CHECK_THROWS_WITH(parse_words({"--head-dim", "1.5", "--help"}), Catch::Contains("--head-dim: expected a whole"));
  CHECK_THROWS_AS(parse_words({"--heads", "--help"}), UsageError);  // --heads has no value: argparse stops there
  CHECK_THROWS_AS(parse_words({"-hx"}), UsageError);                // argparse: ignored explicit argument 'x'
  CHECK_THROWS_AS(parse_words({"--h", "--help"}), UsageError);      // ambiguity is found before anything runs
}

TEST_CASE("an abbreviation of a reference flag keeps the reference's meaning", "[cli]") {
  CHECK(parse_words({"--p", "1e9"}).get("params", "") == "1e9");  // not ambiguous with --plot, --profile
  CHECK(parse_words({"--pl", "x.svg"}).get("plot", "") == "x.svg");
  CHECK(parse_words({"--pr", "f.yaml"}).get("profile", "") == "f.yaml");
  CHECK(parse_words({"--hel"}).flag("help"));
  CHECK(parse_words({"--head-", "8"}).get("head-dim", "") == "8");
  CHECK_THROWS_WITH(parse_words({"--h"}),
                    "'--h' is ambiguous: it could be --heads, --head-dim, --help (see --help for the accepted flags)");
  CHECK_THROWS_WITH(parse_words({"--help=3"}),
                    "'--help' is a switch and takes no value (got '3') (see --help for the accepted flags)");
  CHECK_THROWS_WITH(parse_words({"-x"}), "unknown flag '-x' (see --help for the accepted flags)");
  CHECK_THROWS_WITH(parse_words({"---h"}), "unknown flag '---h' (see --help for the accepted flags)");
  CHECK_THROWS_WITH(parse_words({"--"}), "unexpected argument '--' (every value follows its --flag)");
  CHECK_THROWS_WITH(parse_words({"-"}), "unexpected argument '-' (every value follows its --flag)");
}

TEST_CASE("more than kMaxWords words are refused before parsing, at once", "[cli]") {
  // Boost 1.74's parser is quadratic in argv's length (20,000 flags: 2.3 s).
  std::vector<std::string> words{"prog"};
  for (int i = 0; i < 10000; ++i) {
    words.push_back("--heads");
    words.push_back(std::to_string(i));
  }
  std::vector<const char*> argv;
  for (const auto& w : words) argv.push_back(w.c_str());
  CHECK_THROWS_WITH(parse(static_cast<int>(argv.size()), argv.data(), sample_table()),
                    Catch::StartsWith("too many arguments: 20000 words, at most 256 are read"));
  // 256 words parse, the last occurrence winning.
  CHECK(parse(kMaxWords + 1, argv.data(), sample_table()).get("heads", "") == "127");
  CHECK_THROWS_AS(parse(kMaxWords + 2, argv.data(), sample_table()), UsageError);
}

TEST_CASE("a flag spelled like Boost's message placeholders is refused, not looped on", "[cli]") {
  // Boost 1.74's error_with_option_name::what() never returned on these (found by fuzzing): it is never called.
  CHECK_THROWS_WITH(parse_words({"--%canonical_option%"}),
                    "unknown flag '--%canonical_option%' (see --help for the accepted flags)");
  CHECK_THROWS_AS(parse_words({"--%option%=1"}), UsageError);
  CHECK_THROWS_AS(parse_words({"--heads=1", "--he%prefix%"}), UsageError);
  CHECK_THROWS_AS(parse_words({"--%canonical_option%", "--%prefix%"}), UsageError);
}

TEST_CASE("control characters in a reader's text are escaped to keep the error on one line", "[cli]") {
  CHECK_THROWS_WITH(seq_len("1\n2"), "--seq-len: expected a number > 0, got '1\\x0a2'");
}
