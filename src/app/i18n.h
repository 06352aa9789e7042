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

/* How the current language writes numbers on screen: every text the lab
 * draws passes through this one function (draw.c's text_at_screen and
 * measure_hud_text), so a number is shown the same way wherever it was
 * formatted. en, zh-TW: unchanged, 3.5 and (610, 380). vi: the decimal
 * comma and the semicolon between the numbers of a pair or an interval,
 * as Vietnamese school books write them: 3,5, (610; 380), [0,25; 0,75],
 * and "t₁ = 0,25; t₂" after a decimal number. Returns utf8 itself when
 * nothing changes, else out (the same length in bytes: the same line
 * breaks). --state-out's JSON, scene files and scripts never pass here:
 * they keep the C '.' (and explanations' criteria are English). */
const char *i18n_numbers(const char *utf8, char *out, size_t outlen);
/* The rule itself, for any language: comma true writes vi's numbers. */
const char *numbers_localize(const char *utf8, bool comma, char *out, size_t outlen);
bool i18n_decimal_comma(void);
void i18n_shutdown(void);

/* A locale name ("zh_TW.UTF-8", "vi_VN", "en-US", "zh-Hant") as one of the
 * lab's languages ("en", "zh-TW", "vi"), or NULL. */
const char *i18n_language_of(const char *locale);
/* The first of LC_ALL, LC_MESSAGES, LANG that is set decides, as in POSIX;
 * NULL when it names no language of the lab ("C", "de_DE"). */
const char *i18n_env_language(void);

#endif
