/*
 * status.c - the HUD's message line, which the lab and the lessons both
 * write (apart from app.c, so a lesson depends on no part of the lab but
 * the App it is handed).
 */
#include "app.h"

#include <stdarg.h>
#include <stdio.h>

void app_status(App *app, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(app->status, sizeof app->status, fmt, ap);
    va_end(ap);
    app->status_until = app->tick + 4 * TICK_HZ;
}
