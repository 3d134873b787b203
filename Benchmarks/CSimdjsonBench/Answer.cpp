#include "Answer.hpp"

#include <cstring>

using namespace simdjson;

namespace sift_bench {

namespace {

/// A number's text, without the whitespace after it that On-Demand's raw token includes.
std::string_view number_token(ondemand::value &value) {
    std::string_view token = value.raw_json_token();
    while (!token.empty() && (token.back() == ' ' || token.back() == '\t' || token.back() == '\n' ||
                              token.back() == '\r')) {
        token.remove_suffix(1);
    }
    return token;
}

} // namespace

error_code Answer::add(ondemand::value value) {
    ondemand::json_type type;
    SIMDJSON_TRY(value.type().get(type));
    switch (type) {
    case ondemand::json_type::string: {
        std::string_view text;
        SIMDJSON_TRY(value.get_string().get(text));
        add_string(text);
        return SUCCESS;
    }
    case ondemand::json_type::number: {
        // The token first (reading the number moves past it), for the line.
        std::string_view token = number_token(value);
        ondemand::number number;
        SIMDJSON_TRY(value.get_number().get(number));
        switch (number.get_number_type()) {
        case ondemand::number_type::signed_integer:
            add_bits(static_cast<uint64_t>(number.get_int64()), token);
            break;
        case ondemand::number_type::unsigned_integer: add_bits(number.get_uint64(), token); break;
        default: {
            double real = number.get_double();
            uint64_t bits;
            std::memcpy(&bits, &real, sizeof bits);
            add_bits(bits, token);
        }
        }
        return SUCCESS;
    }
    case ondemand::json_type::boolean: {
        bool flag;
        SIMDJSON_TRY(value.get_bool().get(flag));
        add_bool(flag);
        return SUCCESS;
    }
    case ondemand::json_type::null:
        if (!value.is_null()) return INCORRECT_TYPE;
        mix(0);
        answer_->count++;
        if (answer_->writes_lines) {
            lines_ += "null";
            end_line();
        }
        return SUCCESS;
    case ondemand::json_type::object: {
        if (answer_->writes_lines) return write_container(value);
        ondemand::object object;
        SIMDJSON_TRY(value.get_object().get(object));
        std::string_view text;
        SIMDJSON_TRY(object.raw_json().get(text));
        add_raw(text);
        return SUCCESS;
    }
    case ondemand::json_type::array: {
        if (answer_->writes_lines) return write_container(value);
        ondemand::array array;
        SIMDJSON_TRY(value.get_array().get(array));
        std::string_view text;
        SIMDJSON_TRY(array.raw_json().get(text));
        add_raw(text);
        return SUCCESS;
    }
    }
    return INCORRECT_TYPE;
}

void Answer::add_string(std::string_view text) {
    for (unsigned char byte : text) mix(byte);
    mix(0xFF);
    answer_->count++;
    if (answer_->writes_lines) {
        write_string(text);
        end_line();
    }
}

void Answer::add_bits(uint64_t bits, std::string_view token) {
    mix(bits);
    answer_->count++;
    if (answer_->writes_lines) {
        lines_ += token;
        end_line();
    }
}

void Answer::add_bool(bool value) {
    mix(value ? 0x7 : 0x3);
    answer_->count++;
    if (answer_->writes_lines) {
        lines_ += value ? "true" : "false";
        end_line();
    }
}

void Answer::add_raw(std::string_view text) {
    for (unsigned char byte : text) mix(byte);
    mix(0xFF);
    answer_->count++;
    if (answer_->writes_lines) {
        lines_ += text;
        end_line();
    }
}

// As Sift's JSONWriter writes a string: `"` and `\` escaped, U+0000 to U+001F as \b \t \n \f \r
// or \u00XX (upper-case hex), every other byte as it is.
void Answer::write_string(std::string_view text) {
    static const char hex[] = "0123456789ABCDEF";
    lines_ += '"';
    size_t start = 0;
    for (size_t index = 0; index < text.size(); index++) {
        unsigned char byte = static_cast<unsigned char>(text[index]);
        if (byte >= 0x20 && byte != '"' && byte != '\\') continue;
        lines_.append(text.data() + start, index - start);
        start = index + 1;
        switch (byte) {
        case '"': lines_ += "\\\""; break;
        case '\\': lines_ += "\\\\"; break;
        case 0x08: lines_ += "\\b"; break;
        case 0x09: lines_ += "\\t"; break;
        case 0x0A: lines_ += "\\n"; break;
        case 0x0C: lines_ += "\\f"; break;
        case 0x0D: lines_ += "\\r"; break;
        default:
            lines_ += "\\u00";
            lines_ += hex[byte >> 4];
            lines_ += hex[byte & 0x0F];
        }
    }
    lines_.append(text.data() + start, text.size() - start);
    lines_ += '"';
}

// A container in the process mode: written as Sift writes it, and counted (the process's output is
// what is compared).
error_code Answer::write_container(ondemand::value value) {
    SIMDJSON_TRY(write_value(value));
    answer_->count++;
    end_line();
    return SUCCESS;
}

// A value as `sift query` writes it: compact, keys and strings unescaped and written again with
// write_string, numbers as their text.
error_code Answer::write_value(ondemand::value value) {
    ondemand::json_type type;
    SIMDJSON_TRY(value.type().get(type));
    switch (type) {
    case ondemand::json_type::object: {
        ondemand::object object;
        SIMDJSON_TRY(value.get_object().get(object));
        lines_ += '{';
        bool first = true;
        for (auto field : object) {
            ondemand::field member;
            SIMDJSON_TRY(std::move(field).get(member));
            std::string_view key;
            SIMDJSON_TRY(member.unescaped_key().get(key));
            if (!first) lines_ += ',';
            first = false;
            write_string(key);
            lines_ += ':';
            SIMDJSON_TRY(write_value(member.value()));
        }
        lines_ += '}';
        return SUCCESS;
    }
    case ondemand::json_type::array: {
        ondemand::array array;
        SIMDJSON_TRY(value.get_array().get(array));
        lines_ += '[';
        bool first = true;
        for (auto element : array) {
            ondemand::value item;
            SIMDJSON_TRY(element.get(item));
            if (!first) lines_ += ',';
            first = false;
            SIMDJSON_TRY(write_value(item));
        }
        lines_ += ']';
        return SUCCESS;
    }
    case ondemand::json_type::string: {
        std::string_view text;
        SIMDJSON_TRY(value.get_string().get(text));
        write_string(text);
        return SUCCESS;
    }
    case ondemand::json_type::number: {
        std::string_view token = number_token(value);
        ondemand::number number;
        SIMDJSON_TRY(value.get_number().get(number));
        lines_ += token;
        return SUCCESS;
    }
    case ondemand::json_type::boolean: {
        bool flag;
        SIMDJSON_TRY(value.get_bool().get(flag));
        lines_ += flag ? "true" : "false";
        return SUCCESS;
    }
    case ondemand::json_type::null:
        if (!value.is_null()) return INCORRECT_TYPE;
        lines_ += "null";
        return SUCCESS;
    }
    return INCORRECT_TYPE;
}

void Answer::end_line() {
    lines_ += '\n';
    if (lines_.size() >= (1u << 20)) flush();
}

void Answer::flush() {
    if (lines_.empty()) return;
    if (std::fwrite(lines_.data(), 1, lines_.size(), stdout) != lines_.size() && answer_->error == nullptr) {
        answer_->error = "cannot write to stdout";
    }
    lines_.clear();
}

} // namespace sift_bench
