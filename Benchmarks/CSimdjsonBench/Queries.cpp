// The queries of bench, written by hand against simdjson On-Demand, one function per shape: how a
// simdjson user answers a fixed query (On-Demand has no JSONPath).

#include "Answer.hpp"
#include "CSimdjsonBench.h"

#include <simdjson.h>

#include <new>
#include <utility>
#include <string_view>
#include <vector>

using namespace simdjson;
using sift_bench::Answer;

struct sift_simdjson_document {
    padded_string bytes;
    ondemand::parser parser;

    explicit sift_simdjson_document(padded_string &&padded) : bytes(std::move(padded)) {
#ifdef SIMDJSON_THREADS_ENABLED
        // iterate_many would index the next batch on a second thread: bench times one thread.
        // (SwiftPM builds this file without the define, so iterate_many has no thread anyway.)
        parser.threaded = false;
#endif
    }
};

namespace {

/// "text.title" as {"text", "title"}; "" as no names.
std::vector<std::string_view> split(const char *chain) {
    std::vector<std::string_view> names;
    std::string_view rest(chain);
    while (!rest.empty()) {
        size_t dot = rest.find('.');
        names.push_back(rest.substr(0, dot));
        if (dot == std::string_view::npos) break;
        rest.remove_prefix(dot + 1);
    }
    return names;
}

/// The value at `names` below `value`; NO_SUCH_FIELD when a name is missing or a step is not an object.
error_code follow(ondemand::value value, const std::vector<std::string_view> &names, ondemand::value &found) {
    for (std::string_view name : names) {
        ondemand::object object;
        error_code error = value.get_object().get(object);
        if (error == INCORRECT_TYPE) return NO_SUCH_FIELD;
        SIMDJSON_TRY(error);
        SIMDJSON_TRY(object.find_field_unordered(name).get(value));
    }
    found = value;
    return SUCCESS;
}

/// The value at `names` (at least one) below an object already open.
error_code follow(ondemand::object &object, const std::vector<std::string_view> &names, ondemand::value &found) {
    ondemand::value value;
    SIMDJSON_TRY(object.find_field_unordered(names.front()).get(value));
    return follow(value, std::vector<std::string_view>(names.begin() + 1, names.end()), found);
}

/// Folds the value at `names` below `value`, if there is one.
error_code answer_chain(ondemand::value value, const std::vector<std::string_view> &names, Answer &answer) {
    ondemand::value found;
    error_code error = follow(value, names, found);
    if (error == NO_SUCH_FIELD) return SUCCESS;
    SIMDJSON_TRY(error);
    return answer.add(found);
}

/// The root of the document as a value (an object or an array).
error_code root(sift_simdjson_document *document, ondemand::document &parsed, ondemand::value &value) {
    SIMDJSON_TRY(document->parser.iterate(document->bytes).get(parsed));
    return parsed.get_value().get(value);
}

/// The elements of the array at `names`, each handed to `body`; nothing when there is none.
template <typename Body>
error_code each_element(ondemand::value value, const std::vector<std::string_view> &names, Body body) {
    ondemand::value found;
    error_code error = follow(value, names, found);
    if (error == NO_SUCH_FIELD) return SUCCESS;
    SIMDJSON_TRY(error);
    ondemand::array array;
    error = found.get_array().get(array);
    if (error == INCORRECT_TYPE) return SUCCESS;
    SIMDJSON_TRY(error);
    for (auto element : array) {
        ondemand::value item;
        SIMDJSON_TRY(element.get(item));
        SIMDJSON_TRY(body(item));
    }
    return SUCCESS;
}

/// Every member called `name` below `value`, in document order.
error_code descend(ondemand::value value, std::string_view name, Answer &answer) {
    ondemand::json_type type;
    SIMDJSON_TRY(value.type().get(type));
    if (type == ondemand::json_type::object) {
        ondemand::object object;
        SIMDJSON_TRY(value.get_object().get(object));
        for (auto field : object) {
            ondemand::raw_json_string key;
            SIMDJSON_TRY(field.key().get(key));
            ondemand::value child;
            SIMDJSON_TRY(field.value().get(child));
            if (key == name) {
                SIMDJSON_TRY(answer.add(child));
            } else {
                SIMDJSON_TRY(descend(child, name, answer));
            }
        }
    } else if (type == ondemand::json_type::array) {
        ondemand::array array;
        SIMDJSON_TRY(value.get_array().get(array));
        for (auto element : array) {
            ondemand::value child;
            SIMDJSON_TRY(element.get(child));
            SIMDJSON_TRY(descend(child, name, answer));
        }
    }
    return SUCCESS;
}

} // namespace

extern "C" {

sift_simdjson_answer sift_simdjson_answer_make(int writes_lines) {
    return sift_simdjson_answer{0, 0xcbf29ce484222325ULL, writes_lines, nullptr};
}

sift_simdjson_document *sift_simdjson_document_copy(const void *bytes, size_t length) {
    return new (std::nothrow) sift_simdjson_document(padded_string(static_cast<const char *>(bytes), length));
}

sift_simdjson_document *sift_simdjson_document_load(const char *path, const char **error) {
    padded_string bytes;
    error_code code = padded_string::load(path).get(bytes);
    if (code != SUCCESS) {
        *error = error_message(code);
        return nullptr;
    }
    return new (std::nothrow) sift_simdjson_document(std::move(bytes));
}

void sift_simdjson_document_free(sift_simdjson_document *document) { delete document; }

void sift_simdjson_field_chain(sift_simdjson_document *document, const char *chain, sift_simdjson_answer *answer) {
    Answer folded(answer);
    ondemand::document parsed;
    ondemand::value value;
    error_code error = root(document, parsed, value);
    if (error == SUCCESS) error = answer_chain(value, split(chain), folded);
    folded.fail(error);
}

void sift_simdjson_each_field_chain(
    sift_simdjson_document *document, const char *array, const char *chain, sift_simdjson_answer *answer) {
    Answer folded(answer);
    std::vector<std::string_view> names = split(chain);
    ondemand::document parsed;
    ondemand::value value;
    error_code error = root(document, parsed, value);
    if (error == SUCCESS) {
        error = each_element(value, split(array), [&](ondemand::value item) { return answer_chain(item, names, folded); });
    }
    folded.fail(error);
}

void sift_simdjson_filter_true(
    sift_simdjson_document *document, const char *array, const char *condition, const char *chain,
    sift_simdjson_answer *answer) {
    Answer folded(answer);
    std::vector<std::string_view> tested = split(condition);
    std::vector<std::string_view> names = split(chain);
    ondemand::document parsed;
    ondemand::value value;
    error_code error = root(document, parsed, value);
    if (error == SUCCESS) {
        error = each_element(value, split(array), [&](ondemand::value item) -> error_code {
            ondemand::object object;
            error_code status = item.get_object().get(object);
            if (status == INCORRECT_TYPE) return SUCCESS;
            SIMDJSON_TRY(status);
            // The condition first, then the selected member (an unordered lookup goes back for it).
            ondemand::value operand;
            status = follow(object, tested, operand);
            if (status == NO_SUCH_FIELD) return SUCCESS;
            SIMDJSON_TRY(status);
            bool flag = false;
            if (operand.get_bool().get(flag) != SUCCESS || !flag) return SUCCESS;
            ondemand::value selected;
            status = follow(object, names, selected);
            if (status == NO_SUCH_FIELD) return SUCCESS;
            SIMDJSON_TRY(status);
            return folded.add(selected);
        });
    }
    folded.fail(error);
}

void sift_simdjson_descendant(sift_simdjson_document *document, const char *name, sift_simdjson_answer *answer) {
    Answer folded(answer);
    ondemand::document parsed;
    ondemand::value value;
    error_code error = root(document, parsed, value);
    if (error == SUCCESS) error = descend(value, name, folded);
    folded.fail(error);
}

void sift_simdjson_lines_field_chain(
    sift_simdjson_document *document, const char *chain, sift_simdjson_answer *answer) {
    Answer folded(answer);
    std::vector<std::string_view> names = split(chain);
    ondemand::document_stream stream;
    error_code error = document->parser.iterate_many(document->bytes).get(stream);
    if (error == SUCCESS) {
        for (auto line : stream) {
            ondemand::document_reference parsed;
            if ((error = std::move(line).get(parsed)) != SUCCESS) break;
            ondemand::value value;
            if ((error = parsed.get_value().get(value)) != SUCCESS) break;
            if ((error = answer_chain(value, names, folded)) != SUCCESS) break;
        }
    }
    folded.fail(error);
}

} // extern "C"
