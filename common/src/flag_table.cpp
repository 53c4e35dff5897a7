// FlagTable (ledger/cli.hpp): the program's flags as parse() and the tests see them.
#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include <boost/program_options/cmdline.hpp>
#include <boost/program_options/options_description.hpp>
#include <fmt/format.h>

#include "ledger/cli.hpp"

namespace ledger::cli {

FlagTable::FlagTable(std::shared_ptr<const boost::program_options::options_description> options,
                     std::vector<std::string> reference_flags)
    : options_(std::move(options)), reference_(std::make_shared<boost::program_options::options_description>()) {
  for (const auto& option : options_->options()) {
    Entry entry;
    entry.name = option->long_name();
    // "-h" for a flag declared "help,h"; the long name alone otherwise.
    const std::string display =
        option->canonical_display_name(boost::program_options::command_line_style::allow_dash_for_short);
    if (display.size() == 2 && display[0] == '-') entry.alias = display[1];
    if (option->semantic()->max_tokens() > 0) entry.value = option->semantic()->name();
    entry.reference = std::find(reference_flags.begin(), reference_flags.end(), entry.name) != reference_flags.end();
    if (entry.reference) reference_->add(option);
    entries_.push_back(std::move(entry));
  }
  for (const auto& name : reference_flags) {
    if (find(name) == nullptr) throw std::logic_error(fmt::format("reference flag --{} is not in the table", name));
  }
}

FlagTable& FlagTable::check_when_read(const std::string& name, std::function<void(const std::string&)> check) {
  const Entry* entry = find(name);
  if (entry == nullptr || entry->value.empty()) {
    throw std::logic_error(fmt::format("--{} is not a flag with a value in the table", name));
  }
  checks_[name] = std::move(check);
  return *this;
}

const FlagTable::Entry* FlagTable::find(std::string_view name) const {
  for (const auto& entry : entries_) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

const std::function<void(const std::string&)>* FlagTable::check(const std::string& name) const {
  const auto it = checks_.find(name);
  return it == checks_.end() ? nullptr : &it->second;
}

int print_flag_table(const FlagTable& table) {
  std::string out;
  for (const auto& entry : table.entries()) {
    out += fmt::format("--{}\t{}\t{}\t{}\n", entry.name, entry.alias != 0 ? std::string{'-', entry.alias} : "",
                       entry.value, entry.reference ? "reference" : "");
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return std::fflush(stdout) == 0 ? 0 : 1;
}

}  // namespace ledger::cli
