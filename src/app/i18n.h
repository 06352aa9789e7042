/*
 * i18n.h - every string a person reads comes from a message catalogue:
 * assets/lang/<code>.json, one object of "key": "text". Format strings keep
 * the same printf placeholders in every language.
 */
#ifndef I18N_H
#define I18N_H

#include <stdbool.h>
#include <stddef.h>

/* Loads the catalogue for lang ("en", "zh-TW", "vi"); English stays loaded
 * underneath, so a key missing from a translation falls back to English.
 * On failure the current language stays and err says why. */
bool i18n_set_language(const char *lang, char *err, size_t errlen);
const char *i18n_language(void);
/* The text for key, or the key itself when no catalogue has it. */
const char *tr(const char *key);
void i18n_shutdown(void);

#endif
