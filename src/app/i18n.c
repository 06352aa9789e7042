/*
 * i18n.c - message catalogues loaded with jansson.
 */
#include "i18n.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static json_t *english;   /* always loaded once asked for */
static json_t *current;   /* the chosen language, may be english */
static char language[16] = "en";

/* Without the front end's finder: assets/ of the working folder. */
static bool find_here(const char *name, char *out, size_t outlen)
{
    snprintf(out, outlen, "assets/%s", name);
    FILE *f = fopen(out, "rb");
    if (f == NULL) return false;
    fclose(f);
    return true;
}

static AssetFinder finder = find_here;

void i18n_set_finder(AssetFinder find)
{
    finder = find != NULL ? find : find_here;
}

static json_t *load(const char *lang, char *err, size_t errlen)
{
    char name[64], path[1200];
    snprintf(name, sizeof name, "lang/%s.json", lang);
    if (!finder(name, path, sizeof path)) {
        snprintf(err, errlen, "no message catalogue assets/%s", name);
        return NULL;
    }
    json_error_t je;
    json_t *cat = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
    if (cat == NULL || !json_is_object(cat)) {
        snprintf(err, errlen, "%s:%d:%d: %s", path, je.line, je.column, cat ? "not an object" : je.text);
        json_decref(cat);
        return NULL;
    }
    return cat;
}

bool i18n_set_language(const char *lang, char *err, size_t errlen)
{
    if (english == NULL && (english = load("en", err, errlen)) == NULL) return false;
    json_t *cat = strcmp(lang, "en") == 0 ? json_incref(english) : load(lang, err, errlen);
    if (cat == NULL) return false;
    json_decref(current);
    current = cat;
    snprintf(language, sizeof language, "%s", lang);
    return true;
}

const char *i18n_language(void) { return language; }

const char *tr(const char *key)
{
    json_t *v = current != NULL ? json_object_get(current, key) : NULL;
    if (!json_is_string(v) && english != NULL) v = json_object_get(english, key);
    return json_is_string(v) ? json_string_value(v) : key;
}

/* ---- Numbers as the language writes them -------------------------------- */

bool i18n_decimal_comma(void) { return strcmp(language, "vi") == 0; }

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* A space at s[i] (' ' or the no-break space U+00A0): its bytes, else 0. */
static size_t space_at(const char *s, size_t i)
{
    if (s[i] == ' ') return 1;
    return (unsigned char)s[i] == 0xC2 && (unsigned char)s[i + 1] == 0xA0 ? 2 : 0;
}

/* s[from, to) one item of a bracketed list: no space, a digit in it. */
static bool number_item(const char *s, size_t from, size_t to)
{
    bool digit = false;
    if (to <= from || to - from > 24) return false;
    size_t f = from + (s[from] == '-' || s[from] == '+');
    if ((to - f == 3 && strncmp(s + f, "inf", 3) == 0) || (to - f == 3 && strncmp(s + f, "\u221e", 3) == 0))
        return true;   /* printf's inf, or ∞: an end of an interval */
    for (size_t i = from; i < to; i++) {
        if (s[i] == ' ') return false;
        digit = digit || is_digit(s[i]);
    }
    return digit;
}

const char *numbers_localize(const char *utf8, bool comma, char *out, size_t outlen)
{
    if (!comma || utf8 == NULL || outlen == 0) return utf8;
    size_t n = strlen(utf8);
    if (n >= outlen) return utf8;   /* too long to rewrite: as it is */
    memcpy(out, utf8, n + 1);
    bool changed = false;
    /* 3.5 -> 3,5: a point between two digits */
    for (size_t i = 1; i + 1 < n; i++)
        if (out[i] == '.' && is_digit(out[i - 1]) && is_digit(out[i + 1])) {
            out[i] = ',';
            changed = true;
        }
    /* "0,25, t" -> "0,25; t": a list separator right after a decimal number */
    for (size_t i = 1; i + 1 < n; i++) {
        if (out[i] != ',' || space_at(out, i + 1) == 0 || !is_digit(out[i - 1])) continue;
        size_t k = i;
        while (k > 0 && is_digit(out[k - 1])) k--;
        if (k >= 2 && out[k - 1] == ',' && is_digit(out[k - 2])) {
            out[i] = ';';
            changed = true;
        }
    }
    /* (610, 380), [0, 1]: the items of a bracket that are all numbers */
    for (size_t i = 0; i < n; i++) {
        if (out[i] != '(' && out[i] != '[') continue;
        const char close = out[i] == '(' ? ')' : ']';
        size_t j = i + 1;
        while (j < n && out[j] != close && out[j] != '(' && out[j] != '[' && j - i < 96) j++;
        if (j >= n || out[j] != close) continue;
        size_t from = i + 1, items = 0;
        bool numbers = true;
        for (size_t k = i + 1; k <= j && numbers; k++) {
            size_t sp = k + 1 < j && (out[k] == ',' || out[k] == ';') ? space_at(out, k + 1) : 0;
            if (sp == 0 && k != j) continue;
            numbers = number_item(out, from, k);
            items++;
            from = k + 1 + sp;
            k += sp;
        }
        if (!numbers || items < 2) continue;
        for (size_t k = i + 1; k + 1 < j; k++)
            if (out[k] == ',' && space_at(out, k + 1) > 0) {
                out[k] = ';';
                changed = true;
            }
        i = j;
    }
    return changed ? out : utf8;
}

const char *i18n_numbers(const char *utf8, char *out, size_t outlen)
{
    return numbers_localize(utf8, i18n_decimal_comma(), out, outlen);
}

void i18n_shutdown(void)
{
    json_decref(current);
    json_decref(english);
    current = english = NULL;
}

/* ---- Which language the system asks for ---------------------------------- */

const char *i18n_language_of(const char *v)
{
    if (strncmp(v, "zh_TW", 5) == 0 || strncmp(v, "zh_HK", 5) == 0 || strncmp(v, "zh_MO", 5) == 0 ||
        strncmp(v, "zh-TW", 5) == 0 || strncmp(v, "zh-HK", 5) == 0 || strncmp(v, "zh-MO", 5) == 0 ||
        strncmp(v, "zh_Hant", 7) == 0 || strncmp(v, "zh-Hant", 7) == 0)
        return "zh-TW";
    if (strncmp(v, "vi", 2) == 0 && (v[2] == '\0' || v[2] == '_' || v[2] == '-' || v[2] == '.')) return "vi";
    if (strncmp(v, "en", 2) == 0 && (v[2] == '\0' || v[2] == '_' || v[2] == '-' || v[2] == '.')) return "en";
    return NULL;
}

const char *i18n_env_language(void)
{
    const char *vars[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(vars[i]);
        if (v != NULL && v[0] != '\0') return i18n_language_of(v);
    }
    return NULL;
}
