/*
 * i18n.c - message catalogues loaded with jansson.
 */
#include "i18n.h"
#include "text.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

static json_t *english;   /* always loaded once asked for */
static json_t *current;   /* the chosen language, may be english */
static char language[16] = "en";

static json_t *load(const char *lang, char *err, size_t errlen)
{
    char name[64], path[1200];
    snprintf(name, sizeof name, "lang/%s.json", lang);
    if (!asset_find(name, path, sizeof path)) {
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

void i18n_shutdown(void)
{
    json_decref(current);
    json_decref(english);
    current = english = NULL;
}
