/*
 * i18n.h - every string a person reads comes from a message catalogue:
 * assets/lang/<code>.json, one object of "key": "text". Format strings keep
 * the same printf placeholders in every language.
 */
#ifndef I18N_H
#define I18N_H

#include <stdbool.h>
#include <stddef.h>

/* Where the catalogues are: find(name, out, outlen) writes the path of
 * assets/<name> into out, false when there is none. The front end passes
 * text.h's asset_find (beside the executable, the share folder, ./assets);
 * NULL or never set: ./assets only. */
typedef bool (*AssetFinder)(const char *name, char *out, size_t outlen);
void i18n_set_finder(AssetFinder find);
/* Loads the catalogue for lang ("en", "zh-TW", "vi"); English stays loaded
 * underneath, so a key missing from a translation falls back to English.
 * On failure the current language stays and err says why. */
bool i18n_set_language(const char *lang, char *err, size_t errlen);
const char *i18n_language(void);
/* The text for key, or the key itself when no catalogue has it. */
const char *tr(const char *key);
void i18n_shutdown(void);

/* A locale name ("zh_TW.UTF-8", "vi_VN", "en-US", "zh-Hant") as one of the
 * lab's languages ("en", "zh-TW", "vi"), or NULL. */
const char *i18n_language_of(const char *locale);
/* The first of LC_ALL, LC_MESSAGES, LANG that is set decides, as in POSIX;
 * NULL when it names no language of the lab ("C", "de_DE"). */
const char *i18n_env_language(void);

#endif
