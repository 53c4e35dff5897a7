#include "temporary_cleanup.hpp"

#include <limits.h>
#include <unistd.h>

#include <csignal>
#include <cstring>

namespace ledger::cli {
namespace {

constexpr int kSlots = 8;  // a program writes one or two files
constexpr int kSignals[] = {SIGTERM, SIGINT, SIGHUP, SIGPIPE};

char g_paths[kSlots][PATH_MAX];
volatile std::sig_atomic_t g_used[kSlots];
struct sigaction g_previous[std::size(kSignals)];
bool g_installed = false;

extern "C" void remove_temporaries(int signal_number) {
  for (int i = 0; i < kSlots; ++i) {
    if (g_used[i]) ::unlink(g_paths[i]);
  }
  // Die of the signal as without the handler, so the parent sees what happened.
  std::signal(signal_number, SIG_DFL);
  ::raise(signal_number);
}

void install() {
  if (g_installed) return;
  g_installed = true;
  for (std::size_t i = 0; i < std::size(kSignals); ++i) {
    struct sigaction action {};
    action.sa_handler = remove_temporaries;
    sigemptyset(&action.sa_mask);
    for (const int s : kSignals) sigaddset(&action.sa_mask, s);  // one handler at a time
    ::sigaction(kSignals[i], nullptr, &g_previous[i]);
    // A signal the caller ignores (nohup, SIGPIPE ignored) stays ignored: it cannot end the program.
    if (g_previous[i].sa_handler != SIG_IGN) ::sigaction(kSignals[i], &action, nullptr);
  }
}

void uninstall() {
  for (int i = 0; i < kSlots; ++i) {
    if (g_used[i]) return;
  }
  if (!g_installed) return;
  for (std::size_t i = 0; i < std::size(kSignals); ++i) ::sigaction(kSignals[i], &g_previous[i], nullptr);
  g_installed = false;
}

}  // namespace

int guard_temporary(const std::string& path) {
  if (path.size() >= PATH_MAX) return -1;
  for (int i = 0; i < kSlots; ++i) {
    if (g_used[i]) continue;
    std::memcpy(g_paths[i], path.c_str(), path.size() + 1);
    g_used[i] = 1;  // after the copy: the handler never reads a half-written path
    install();
    return i;
  }
  return -1;
}

void release_temporary(int slot) {
  if (slot < 0 || slot >= kSlots) return;
  g_used[slot] = 0;
  uninstall();
}

}  // namespace ledger::cli
