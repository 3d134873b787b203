#ifndef SIFT_CSIMDJSONBENCH_ANSWER_HPP
#define SIFT_CSIMDJSONBENCH_ANSWER_HPP

// What a query found, folded as it is found: Fingerprint.swift's digest and, in the process mode,
// the lines `sift query` prints for the same values.

#include "CSimdjsonBench.h"
#include <simdjson.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace sift_bench {

/// Folds values into a `sift_simdjson_answer`, and writes them as JSON lines when it asks for it.
class Answer {
  public:
    explicit Answer(sift_simdjson_answer *answer) : answer_(answer) {}
    Answer(const Answer &) = delete;
    Answer &operator=(const Answer &) = delete;
    ~Answer() { flush(); }

    /// Folds one value of any kind; an object or an array is folded as its raw text and, when
    /// lines are written, written as `sift query` writes it (compact, strings escaped as Sift's
    /// writer escapes them), which the raw text is not when it has other escapes or whitespace.
    simdjson::error_code add(simdjson::ondemand::value value);

    /// Records why the query stopped (a code other than SUCCESS).
    void fail(simdjson::error_code error) {
        if (error != simdjson::SUCCESS && answer_->error == nullptr) answer_->error = simdjson::error_message(error);
    }

  private:
    void add_string(std::string_view text);
    void add_bits(uint64_t bits, std::string_view token);
    void add_bool(bool value);
    void add_raw(std::string_view text);
    void mix(uint64_t value) { answer_->hash = (answer_->hash ^ value) * 0x100000001b3ULL; }
    void write_string(std::string_view text);
    simdjson::error_code write_container(simdjson::ondemand::value value);
    simdjson::error_code write_value(simdjson::ondemand::value value);
    void end_line();
    void flush();

    sift_simdjson_answer *answer_;
    std::string lines_;
};

} // namespace sift_bench

#endif
