/*
 * app.c - input to actions, the fixed tick, the frame and the HUD.
 */
#include "app.h"
#include "fileio.h"
#include "i18n.h"
#include "scene.h"
#include "text.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const float DEG = 0.017453292519943295f;
static const float WHEEL_TURN_DEG = 15.0f;
static const float HUD_TITLE = 32.0f, HUD_TEXT = 24.0f, HUD_SMALL = 21.0f;

static const Color BG = { 22, 24, 30, 255 };
static const Color GRID = { 38, 42, 52, 255 };
static const Color INK = { 236, 238, 242, 255 };
static const Color INK_DIM = { 170, 176, 190, 255 };
static const Color PANEL = { 10, 12, 16, 205 };
static const Color SELECT = { 255, 255, 255, 255 };
static const Color GUESS_NEUTRAL = { 128, 132, 146, 255 };   /* shapes while a guess is open */

Color app_color_free(const App *a)
{
    return a->palette == PALETTE_RED_GREEN ? (Color){ 46, 168, 92, 255 } : (Color){ 0, 114, 178, 255 };
}
Color app_color_hit(const App *a)
{
    return a->palette == PALETTE_RED_GREEN ? (Color){ 222, 58, 48, 255 } : (Color){ 230, 159, 0, 255 };
}
Color app_color_accent(const App *a)
{
    return a->palette == PALETTE_RED_GREEN ? (Color){ 250, 204, 60, 255 } : (Color){ 240, 228, 66, 255 };
}
Color app_color_gap(const App *a)
{
    return a->palette == PALETTE_RED_GREEN ? (Color){ 90, 200, 250, 255 } : (Color){ 86, 180, 233, 255 };
}

void app_status(App *app, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(app->status, sizeof app->status, fmt, ap);
    va_end(ap);
    app->status_until = app->tick + 4 * TICK_HZ;
}

bool app_init(App *app, int lesson)
{
    memset(app, 0, sizeof *app);
    world_init(&app->world);
    app->lesson = -1;   /* none yet: app_set_lesson starts one */
    app->dragging = -1;
    app->explain = true;
    app->view.zoom = 1.0f;
    app->view.pan = (Vec2){ 0.5f * CANVAS_W, 0.5f * CANVAS_H };
    view_fit(&app->view, (int)CANVAS_W, (int)CANVAS_H);
    guess_init(&app->guess, 0);
    return app_set_lesson(app, lesson, 0);
}

const Lesson *app_lesson(const App *app)
{
    return lesson_get(app->lesson);
}

/* A lesson's state, zeroed then initialised; NULL for a lesson without
 * one (and, with *ok false, when memory ran out). */
static void *state_new(const Lesson *L, bool *ok)
{
    *ok = true;
    if (L->state_size == 0) return NULL;
    void *st = calloc(1, L->state_size);
    if (st == NULL) { *ok = false; return NULL; }
    if (L->init != NULL) L->init(st);
    return st;
}

static void state_free(const Lesson *L, void *st)
{
    if (st != NULL && L->free_state != NULL) L->free_state(st);
    free(st);
}

void app_free(App *app)
{
    if (app->lesson >= 0) state_free(app_lesson(app), app->lesson_state);
    app->lesson_state = NULL;
    world_free(&app->world);
    guess_free(&app->guess);
}

static void reset_view(App *app)
{
    app->view.zoom = 1.0f;
    app->view.pan = (Vec2){ 0.5f * CANVAS_W, 0.5f * CANVAS_H };
}

/* The collision pass the lesson asks for, then its picture. */
static void collide_and_prepare(App *app)
{
    const Lesson *L = app_lesson(app);
    if (L->collide != NULL) L->collide(&app->world, app->lesson_state);
    else world_collide(&app->world);
    if (L->prepare != NULL) L->prepare(app, app->lesson_state);
}

void app_refresh(App *app) { collide_and_prepare(app); }

/* restart: the lesson's own state starts afresh even on the same lesson */
static bool set_lesson(App *app, int n, int preset, bool restart)
{
    if (n < 0 || n >= lesson_count()) return false;
    const Lesson *L = lesson_get(n);
    /* a new lesson gets fresh state; a preset keeps the lesson's (the
     * axis looked at, lesson 9's shape count choice) */
    const bool fresh = n != app->lesson || restart;
    bool ok = true;
    void *st = fresh ? state_new(L, &ok) : app->lesson_state;
    World w;
    world_init(&w);
    if (!ok || !L->build(&w, preset, st)) {
        world_free(&w);
        if (fresh) state_free(L, st);
        if (ok) app_status(app, tr("status.no_preset"), preset + 1);
        else app_status(app, "%s", "out of memory");
        return false;
    }
    world_take(&app->world, &w);
    world_free(&w);
    if (fresh) {
        if (app->lesson >= 0) state_free(app_lesson(app), app->lesson_state);
        app->lesson_state = st;
    }
    app->lesson = n;
    app->preset = preset;
    /* the scene file stays: Ctrl+O and Ctrl+S still know it */
    app->dragging = -1;
    app->panning = false;
    app->dirty = false;
    app->quit_asked = false;
    /* a message about the board before is stale on the new one */
    app->status[0] = '\0';
    app->status_until = 0;
    reset_view(app);
    collide_and_prepare(app);
    guess_lesson_changed(app);
    return true;
}

/* A lesson about upright boxes (Lesson.upright) explains them upright: a
 * scene's box turned by a multiple of 90 degrees becomes the same box
 * upright (width and height swapped where it lay on its side); any other
 * turned box is stood upright, and a status line says so. */
static void straighten_boxes(App *app)
{
    const float quarter = 1.5707963267948966f;
    int changed = 0;
    for (int i = 0; i < app->world.count; i++) {
        Body *b = &app->world.bodies[i];
        if (b->kind != SHAPE_RECT || b->angle == 0.0f) continue;
        float k = roundf(b->angle / quarter);
        if (fabsf(b->angle - k * quarter) < 1e-4f) {
            if (((long)k & 1L) != 0) b->half = (Vec2){ b->half.y, b->half.x };
        } else {
            changed++;
        }
        b->angle = 0.0f;
    }
    /* the shapes are rebuilt from the bodies by the collision pass next */
    if (changed > 0) app_status(app, tr("status.upright_scene"), changed, app->lesson);
}

/* A lesson about upright boxes refuses to turn one (true: refused). */
static bool refuse_turn(App *app, const Body *b)
{
    if (!app_lesson(app)->upright || b->kind == SHAPE_CIRCLE) return false;
    app_status(app, tr("status.upright_turn"), app->lesson);
    return true;
}

bool app_set_lesson(App *app, int n, int preset)
{
    return set_lesson(app, n, preset, false);
}

void app_take_world(App *app, World *w)
{
    const Lesson *L = app_lesson(app);
    bool ok = true;
    void *st = state_new(L, &ok);
    if (ok) {   /* out of memory: the lesson keeps the state it had */
        state_free(L, app->lesson_state);
        app->lesson_state = st;
    }
    world_take(&app->world, w);
    app->preset = 0;   /* a scene, not one of the lesson's edge cases */
    app->dragging = -1;
    if (L->upright) straighten_boxes(app);
    app->dirty = false;
    collide_and_prepare(app);
}

/* ---- Input -------------------------------------------------------------- */

static bool ctrl_held(const App *app) { return held_action(&app->held, ACT_CTRL); }
static bool shift_held(const App *app) { return held_action(&app->held, ACT_SLOW); }
static bool alt_held(const App *app) { return held_action(&app->held, ACT_NUDGE); }

/* Alt+arrow: the selected shape moves exactly one pixel. */
static void nudge(App *app, Action a)
{
    World *w = &app->world;
    if (w->selected < 0 || w->selected >= w->count) return;
    Body *b = &w->bodies[w->selected];
    b->pos.x += a == ACT_LEFT ? -1.0f : a == ACT_RIGHT ? 1.0f : 0.0f;
    b->pos.y += a == ACT_UP ? -1.0f : a == ACT_DOWN ? 1.0f : 0.0f;
    body_keep_on_canvas(b);
    app->dirty = true;
    collide_and_prepare(app);
}

/* Esc: the help panel closes first, then fullscreen ends; with unsaved
 * changes quitting asks once (a second Esc quits: main.c keeps them in the
 * autosave), else the lab quits. */
static void escape(App *app)
{
    if (app->show_help) { app->show_help = false; return; }
    if (app->fullscreen_wanted) { app->want_fullscreen_toggle = true; return; }
    if (app->dirty && !app->quit_asked) {
        app->quit_asked = true;
        app_status(app, "%s", tr("status.quit_unsaved"));
        app->status_until = LONG_MAX;   /* until answered */
        return;
    }
    app->want_quit = true;
}

static void select_next(App *app, int step)
{
    int n = app->world.count;
    if (n == 0) { app->world.selected = -1; return; }
    int s = app->world.selected < 0 ? (step > 0 ? -1 : 0) : app->world.selected;
    app->world.selected = ((s + step) % n + n) % n;
}

/* L: English -> 繁體中文 -> Tiếng Việt -> English. Chinese is skipped when no
 * CJK font is installed (the status line says why); the status line speaks
 * the new language. */
static void next_language(App *app)
{
    static const char *const order[] = { "en", "zh-TW", "vi" };
    const int n = (int)(sizeof order / sizeof order[0]);
    int cur = 0;
    for (int i = 0; i < n; i++)
        if (strcmp(i18n_language(), order[i]) == 0) cur = i;
    bool skipped = false;
    char err[512] = "";
    for (int k = 1; k < n; k++) {
        const char *lang = order[(cur + k) % n];
        if (strcmp(lang, "zh-TW") == 0 && !text_cjk_available()) { skipped = true; continue; }
        if (i18n_set_language(lang, err, sizeof err)) {
            if (skipped) app_status(app, "%s  %s", tr("status.language"), tr("status.no_cjk_font"));
            else app_status(app, "%s", tr("status.language"));
            return;
        }
    }
    app_status(app, "%s", err);   /* no other catalogue loads: stay */
}

static void one_shot(App *app, const Binding *b)
{
    switch (b->action) {
    case ACT_NEXT_SHAPE: select_next(app, shift_held(app) ? -1 : 1); break;
    case ACT_LESSON: app_set_lesson(app, b->arg, 0); break;
    case ACT_LESSON_NEXT: app_set_lesson(app, (app->lesson + 1) % lesson_count(), 0); break;
    case ACT_LESSON_PREV: app_set_lesson(app, (app->lesson + lesson_count() - 1) % lesson_count(), 0); break;
    case ACT_PRESET: app_set_lesson(app, app->lesson, b->arg); break;
    case ACT_PAUSE:
        app->paused = !app->paused;
        app_status(app, "%s", tr(app->paused ? "status.paused" : "status.running"));
        break;
    case ACT_STEP:
        if (app->paused) app->step_once = true;
        else app_status(app, "%s", tr("status.step_needs_pause"));
        break;
    case ACT_SLOWMO:
        if (ctrl_held(app)) { app_save_scene(app); break; }
        app->slowmo = !app->slowmo;
        app_status(app, "%s", tr(app->slowmo ? "status.slowmo_on" : "status.slowmo_off"));
        break;
    case ACT_RELOAD:
        if (ctrl_held(app)) app_reload_scene(app);
        break;
    case ACT_HELP: app->show_help = !app->show_help; break;
    case ACT_PALETTE:
        app->palette = app->palette == PALETTE_RED_GREEN ? PALETTE_BLUE_ORANGE : PALETTE_RED_GREEN;
        app_status(app, "%s", tr(app->palette == PALETTE_RED_GREEN ? "status.palette_rg" : "status.palette_bo"));
        break;
    case ACT_LANGUAGE: next_language(app); break;
    case ACT_FPS: app->show_fps = !app->show_fps; break;
    case ACT_EXPLAIN: app->explain = !app->explain; break;
    case ACT_FULLSCREEN: app->want_fullscreen_toggle = true; break;
    case ACT_SCREENSHOT: app->want_screenshot = true; break;
    case ACT_VIEW_RESET: reset_view(app); break;
    case ACT_GUESS: guess_toggle(app); break;
    case ACT_GUESS_REVEAL: guess_return(app); break;
    case ACT_GUESS_YES: guess_answer(app, true); break;
    case ACT_GUESS_NO: guess_answer(app, false); break;
    case ACT_QUIT: escape(app); break;
    case ACT_RESTART:
        if (ctrl_held(app)) { app_restore_autosave(app); break; }
        if (set_lesson(app, app->lesson, app->preset, true)) app_status(app, "%s", tr("status.restarted"));
        break;
    default: break;
    }
}

/* A zoomed view stays on the canvas: the pan point keeps half the visible
 * width and height from each edge, so no drag loses the shapes. */
static void clamp_pan(App *app)
{
    const float hw = 0.5f * CANVAS_W / app->view.zoom, hh = 0.5f * CANVAS_H / app->view.zoom;
    app->view.pan.x = app->view.pan.x < hw ? hw : app->view.pan.x > CANVAS_W - hw ? CANVAS_W - hw : app->view.pan.x;
    app->view.pan.y = app->view.pan.y < hh ? hh : app->view.pan.y > CANVAS_H - hh ? CANVAS_H - hh : app->view.pan.y;
}

void app_set_view(App *app, float zoom, Vec2 pan)
{
    app->view.zoom = zoom < 1.0f ? 1.0f : zoom > 16.0f ? 16.0f : zoom;
    app->view.pan = pan;
    clamp_pan(app);
}

static void zoom_about(App *app, Vec2 canvas_pt, float factor)
{
    float z = app->view.zoom * factor;
    if (z < 1.0f) z = 1.0f;
    if (z > 16.0f) z = 16.0f;
    /* keep canvas_pt under the cursor: pan' = p - (p - pan) * z / z' */
    float k = app->view.zoom / z;
    app->view.pan.x = canvas_pt.x - (canvas_pt.x - app->view.pan.x) * k;
    app->view.pan.y = canvas_pt.y - (canvas_pt.y - app->view.pan.y) * k;
    app->view.zoom = z;
    if (z == 1.0f) reset_view(app);
    clamp_pan(app);
}

void app_event(App *app, const InputEvent *ev)
{
    World *w = &app->world;
    switch (ev->kind) {
    case IN_KEY_DOWN: {
        if (ev->repeat) break;          /* held keys are in the set already */
        held_add(&app->held, ev->key);
        const Binding *b = input_binding_for(ev->key);
        /* any other key answers "no" to the quit question */
        if (app->quit_asked && (b == NULL || b->action != ACT_QUIT) && ev->key != SDLK_LSHIFT &&
            ev->key != SDLK_RSHIFT) {
            app->quit_asked = false;
            app->status[0] = '\0';
            app->status_until = 0;
        }
        if (b != NULL && b->action >= ACT_LEFT && b->action <= ACT_DOWN && alt_held(app)) nudge(app, b->action);
        if (b != NULL) {
            if (b->action >= ACT_NEXT_SHAPE) {
                const Lesson *L = app_lesson(app);
                if (L->on_key != NULL && L->on_key(app, app->lesson_state, b)) {
                    /* what the key changed shows in the picture at once */
                    if (L->prepare != NULL) L->prepare(app, app->lesson_state);
                } else {
                    one_shot(app, b);
                }
            }
        }
        break;
    }
    case IN_KEY_UP:
        held_remove(&app->held, ev->key);
        break;
    case IN_FOCUS_LOST:
        /* a key released while another window had focus must not stick */
        held_clear(&app->held);
        app->dragging = -1;
        app->panning = false;
        break;
    case IN_MOUSE_DOWN:
        app->mouse = ev->pos;
        if (ev->button == SDL_BUTTON_RIGHT) { app->panning = true; break; }
        {
            int hit = world_pick(w, ev->pos);
            if (hit >= 0) {
                w->selected = hit;
                app->dragging = hit;
                app->drag_offset = (Vec2){ w->bodies[hit].pos.x - ev->pos.x, w->bodies[hit].pos.y - ev->pos.y };
            }
        }
        break;
    case IN_MOUSE_MOVE: {
        Vec2 before = app->mouse;
        app->mouse = ev->pos;
        if (app->dragging >= 0 && app->dragging < w->count) {
            Body *b = &w->bodies[app->dragging];
            b->pos = (Vec2){ ev->pos.x + app->drag_offset.x, ev->pos.y + app->drag_offset.y };
            body_keep_on_canvas(b);
            app->dirty = true;
        } else if (app->panning && app->view.zoom > 1.0f) {
            Vec2 pan0 = app->view.pan;
            app->view.pan.x -= ev->pos.x - before.x;
            app->view.pan.y -= ev->pos.y - before.y;
            clamp_pan(app);
            /* the canvas point under the cursor moved with the pan (by what
             * the clamp left of it) */
            app->mouse = (Vec2){ ev->pos.x + app->view.pan.x - pan0.x, ev->pos.y + app->view.pan.y - pan0.y };
        }
        break;
    }
    case IN_MOUSE_UP:
        app->mouse = ev->pos;
        if (ev->button == SDL_BUTTON_RIGHT) app->panning = false;
        else app->dragging = -1;
        break;
    case IN_WHEEL:
        if (ctrl_held(app)) {
            zoom_about(app, app->mouse, powf(1.25f, ev->wheel));
        } else {
            /* only the shape under the cursor: over empty space the wheel
             * turns nothing (not the selected shape somewhere else) */
            int hit = world_pick(w, app->mouse);
            if (hit >= 0 && hit < w->count) {
                /* wheel away from you turns clockwise, like E */
                Body *b = &w->bodies[hit];
                if (refuse_turn(app, b)) break;
                b->angle = fmodf(b->angle + ev->wheel * WHEEL_TURN_DEG * DEG, 6.2831853f);
                body_keep_on_canvas(b);
                app->dirty = true;
            }
        }
        break;
    }
}

void app_tick(App *app)
{
    const Lesson *L = app_lesson(app);
    app->tick++;
    bool run = !app->paused || app->step_once;
    app->step_once = false;
    if (run) {
        float dt = app->slowmo ? 0.25f * TICK_DT : TICK_DT;
        Motion m = held_motion(&app->held);
        const World *w = &app->world;
        if (m.turn != 0.0f && w->selected >= 0 && w->selected < w->count && refuse_turn(app, &w->bodies[w->selected]))
            m.turn = 0.0f;
        if ((m.dx != 0.0f || m.dy != 0.0f || m.turn != 0.0f) && app->world.selected >= 0 &&
            app->world.selected < app->world.count)
            app->dirty = true;
        world_apply_motion(&app->world, m, dt);
        if (L->update != NULL) L->update(app, app->lesson_state, dt);
    }
    Uint64 t0 = SDL_GetPerformanceCounter();
    if (L->collide != NULL) L->collide(&app->world, app->lesson_state);
    else world_collide(&app->world);
    Uint64 t1 = SDL_GetPerformanceCounter();
    /* headless runs show no timings: their pixels must repeat exactly */
    if (!app->headless)
        app->collide_ms = (float)((double)(t1 - t0) * 1000.0 / (double)SDL_GetPerformanceFrequency());
    if (L->prepare != NULL) L->prepare(app, app->lesson_state);
}

/* ---- Scenes: save and reload -------------------------------------------- */

/* An XDG user folder (XDG_PICTURES_DIR / XDG_DOCUMENTS_DIR) from the
 * environment or ~/.config/user-dirs.dirs, if it is a folder. */
static bool xdg_user_dir(const char *var, char *out, size_t n)
{
    const char *home = getenv("HOME");
    const char *v = getenv(var);
    struct stat st;
    if (v != NULL && v[0] == '/' && stat(v, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(out, n, "%s", v);
        return true;
    }
    if (home == NULL || home[0] != '/') return false;
    char conf[PATH_MAX];
    const char *xc = getenv("XDG_CONFIG_HOME");
    if (xc != NULL && xc[0] == '/') snprintf(conf, sizeof conf, "%s/user-dirs.dirs", xc);
    else snprintf(conf, sizeof conf, "%s/.config/user-dirs.dirs", home);
    FILE *f = fopen(conf, "r");
    bool found = false;
    char line[1024];
    size_t vl = strlen(var);
    while (f != NULL && !found && fgets(line, sizeof line, f) != NULL) {
        /* XDG_PICTURES_DIR="$HOME/Pictures" */
        if (strncmp(line, var, vl) != 0 || line[vl] != '=' || line[vl + 1] != '"') continue;
        char *q = line + vl + 2, *e = strchr(q, '"');
        if (e == NULL) continue;
        *e = '\0';
        if (strncmp(q, "$HOME", 5) == 0) snprintf(out, n, "%s%s", home, q + 5);
        else snprintf(out, n, "%s", q);
        found = out[0] == '/' && stat(out, &st) == 0 && S_ISDIR(st.st_mode);
    }
    if (f != NULL) fclose(f);
    return found;
}

void app_output_folder(const App *app, bool pictures, char *out, size_t n)
{
    char dir[PATH_MAX], full[PATH_MAX];
    if (app->scene_path[0] != '\0') {
        /* beside the scene the teacher opened or saved */
        snprintf(dir, sizeof dir, "%s", app->scene_path);
        char *slash = strrchr(dir, '/');
        if (slash == dir) dir[1] = '\0';
        else if (slash != NULL) *slash = '\0';
        else snprintf(dir, sizeof dir, ".");
        if (realpath(dir, full) != NULL) { snprintf(out, n, "%s", full); return; }
    }
    if (xdg_user_dir(pictures ? "XDG_PICTURES_DIR" : "XDG_DOCUMENTS_DIR", out, n)) return;
    const char *home = getenv("HOME");
    struct stat st;
    if (home != NULL && home[0] == '/') {
        snprintf(dir, sizeof dir, "%s/%s", home, pictures ? "Pictures" : "Documents");
        if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) { snprintf(out, n, "%s", dir); return; }
        snprintf(out, n, "%s", home);
        return;
    }
    if (getcwd(out, n) == NULL) snprintf(out, n, ".");
}

/* True when s (len characters) ends in "-YYYYMMDD-HHMMSS". */
static bool ends_in_stamp(const char *s, size_t len)
{
    if (len < 16) return false;
    const char *p = s + len - 16;
    for (int i = 0; i < 16; i++) {
        bool digit = p[i] >= '0' && p[i] <= '9';
        if ((i == 0 || i == 9) ? p[i] != '-' : !digit) return false;
    }
    return true;
}

/* NAME.json, NAME-STAMP.json and NAME-STAMP-N.json all give NAME: a save of
 * a save gets one stamp, never a growing row of them. */
static void strip_stamps(char *base)
{
    size_t len = strlen(base);
    if (len > 5 && strcmp(base + len - 5, ".json") == 0) base[len -= 5] = '\0';
    for (;;) {
        size_t k = len;
        while (k > 0 && base[k - 1] >= '0' && base[k - 1] <= '9') k--;
        if (k > 0 && k < len && len - k <= 4 && base[k - 1] == '-' && ends_in_stamp(base, k - 1)) len = k - 1;
        if (!ends_in_stamp(base, len)) break;
        len -= 16;
    }
    if (len == 0 || base[len - 1] == '/') { base[len] = '\0'; strncat(base, "scene", 6); return; }
    base[len] = '\0';
}

/* The arrangement with its lesson and view, as a scene document. */
static json_t *arrangement_json(const App *app)
{
    SceneMeta meta = { 0, true, app->lesson, true, app->view.zoom, app->view.pan };
    return scene_to_json_meta(&app->world, &meta);
}

void app_save_scene(App *app)
{
    /* A new file, never over another: NAME-STAMP.json beside the scene last
     * opened or saved (the teacher's own file stays as written), else
     * scene-STAMP.json in the documents folder. */
    char dir[PATH_MAX], base[2 * PATH_MAX + 16];
    app_output_folder(app, false, dir, sizeof dir);
    const char *name = app->scene_path[0] != '\0' ? strrchr(app->scene_path, '/') : NULL;
    name = app->scene_path[0] == '\0' ? "scene" : name != NULL ? name + 1 : app->scene_path;
    snprintf(base, sizeof base, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, name);
    strip_stamps(base);
    time_t now = time(NULL);
    struct tm tmv;
    localtime_r(&now, &tmv);
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tmv);
    char stem[sizeof base + 48], path[sizeof base + 64];
    snprintf(stem, sizeof stem, "%s-%s", base, stamp);
    json_t *doc = arrangement_json(app);
    char *text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(9));
    json_decref(doc);
    char err[512];
    /* created exclusively: a taken name moves on to -2, -3, ... */
    if (text != NULL && file_create_new(stem, ".json", text, strlen(text), path, sizeof path, err, sizeof err)) {
        app_status(app, tr("status.saved"), path);
        /* Ctrl+O reloads what was just saved */
        if (strlen(path) < sizeof app->scene_path) memcpy(app->scene_path, path, strlen(path) + 1);
        app->dirty = false;
        app->quit_asked = false;
    } else {
        app_status(app, "%s", text != NULL ? err : "out of memory");
    }
    free(text);
}

/* Loads path onto the board; the scene's lesson on the board when it names
 * one. False (the board as it was, err says why) on a bad file. */
static bool load_arrangement(App *app, const char *path, char *err, size_t errlen)
{
    World w;
    world_init(&w);
    SceneMeta meta;
    memset(&meta, 0, sizeof meta);
    meta.lesson_max = lesson_count() - 1;
    if (!scene_load_meta(path, &w, &meta, err, errlen)) { world_free(&w); return false; }
    /* the lesson the file names explains it (its own shapes replaced) */
    if (meta.has_lesson && meta.lesson != app->lesson) set_lesson(app, meta.lesson, 0, false);
    app_take_world(app, &w);
    world_free(&w);
    if (meta.has_view) app_set_view(app, meta.zoom, meta.pan);
    return true;
}

void app_reload_scene(App *app)
{
    if (app->scene_path[0] == '\0') { app_status(app, "%s", tr("status.no_scene")); return; }
    char err[512];
    if (!load_arrangement(app, app->scene_path, err, sizeof err)) {
        app_status(app, "%s", err);   /* the scene on screen stays as it was */
        return;
    }
    app_status(app, tr("status.reloaded"), app->scene_path);
}

Color app_color_background(const App *app)
{
    (void)app;
    return BG;
}

bool app_autosave_path(char *out, size_t n)
{
    const char *st = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    int k;
    if (st != NULL && st[0] == '/') k = snprintf(out, n, "%s/collision-lab/autosave.json", st);
    else if (home != NULL && home[0] == '/') k = snprintf(out, n, "%s/.local/state/collision-lab/autosave.json", home);
    else return false;
    return k > 0 && (size_t)k < n;
}

/* mkdir -p of path's folder. */
static bool make_parent(const char *path)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash == NULL || slash == dir) return true;
    *slash = '\0';
    for (char *p = dir + 1; *p != '\0'; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(dir, 0700) != 0 && errno != EEXIST) return false;
        *p = '/';
    }
    return mkdir(dir, 0700) == 0 || errno == EEXIST;
}

bool app_write_autosave(const App *app, char *err, size_t errlen)
{
    char path[PATH_MAX];
    if (!app_autosave_path(path, sizeof path)) {
        snprintf(err, errlen, "no place for the autosave: neither XDG_STATE_HOME nor HOME is set");
        return false;
    }
    if (!make_parent(path)) {
        snprintf(err, errlen, "%s: cannot create its folder: %s", path, strerror(errno));
        return false;
    }
    json_t *doc = arrangement_json(app);
    char *text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    json_decref(doc);
    if (text == NULL) { snprintf(err, errlen, "%s: out of memory", path); return false; }
    bool ok = file_write(path, text, strlen(text), err, errlen);
    free(text);
    return ok;
}

void app_restore_autosave(App *app)
{
    char path[PATH_MAX], err[512];
    if (!app_autosave_path(path, sizeof path) || access(path, F_OK) != 0) {
        app_status(app, "%s", tr("status.no_autosave"));
        return;
    }
    if (!load_arrangement(app, path, err, sizeof err)) { app_status(app, "%s", err); return; }
    /* it is in no file of the teacher's yet: quitting keeps it again */
    app->dirty = true;
    app_status(app, tr("status.restored"), path);
}

/* ---- State out ---------------------------------------------------------- */

json_t *app_state_json(const App *app)
{
    const World *w = &app->world;
    json_t *doc = scene_to_json(w);
    json_t *shapes = json_object_get(doc, "shapes");
    for (int i = 0; i < w->count; i++) {
        json_t *s = json_array_get(shapes, (size_t)i);
        json_object_set_new(s, "colliding", json_boolean(w->colliding[i]));
        json_object_set_new(s, "selected", json_boolean(i == w->selected));
    }
    json_object_set_new(doc, "tick", json_integer(app->tick));
    json_object_set_new(doc, "lesson", json_integer(app->lesson));
    json_object_set_new(doc, "paused", json_boolean(app->paused));
    json_object_set_new(doc, "preset", json_integer(app->preset));   /* 1..4: F2..F5 */
    json_object_set_new(doc, "lang", json_string(i18n_language()));
    json_t *pairs = json_array();
    for (int k = 0; k < w->pair_count && k < 10000; k++) {
        const Pair *p = &w->pairs[k];
        json_array_append_new(pairs, json_pack("{s:i, s:i, s:[f,f], s:f}", "a", p->a, "b", p->b, "normal",
                                               (double)p->contact.normal.x, (double)p->contact.normal.y,
                                               "depth", (double)p->contact.depth));
    }
    json_object_set_new(doc, "pairs", pairs);
    /* exact, or (pair_count_exact false) a lower bound: the pass stopped */
    json_object_set_new(doc, "pair_count", json_integer(w->pair_total));
    json_object_set_new(doc, "pair_count_exact", json_boolean(w->pairs_exact));
    json_object_set_new(doc, "slowmo", json_boolean(app->slowmo));
    json_object_set_new(doc, "view", json_pack("{s:f, s:[f,f]}", "zoom", (double)app->view.zoom, "pan",
                                               (double)app->view.pan.x, (double)app->view.pan.y));
    const Lesson *L = app_lesson(app);
    Explanation ex;
    if (app_explanation(app, &ex))
        json_object_set_new(doc, "explanation", json_pack("{s:[i,i], s:b, s:s}", "pair", ex.a, ex.b, "verdict",
                                                          ex.verdict, "criterion", ex.criterion));
    if (L->report != NULL) L->report(app, app->lesson_state, doc);
    guess_report(app, doc);
    return doc;
}

bool app_explanation(const App *app, Explanation *out)
{
    const Lesson *L = app_lesson(app);
    if (L->explain == NULL) return false;
    Explanation ex = { -1, -1, false, "" };
    if (!L->explain(app, app->lesson_state, &ex)) return false;
    if (ex.a < 0 || ex.b < 0 || ex.a >= app->world.count || ex.b >= app->world.count) return false;
    *out = ex;
    return true;
}

/* ---- Drawing ------------------------------------------------------------ */

static void draw_grid(Canvas *c)
{
    /* the canvas itself, then a faint 80 px grid to read positions by */
    draw_box(c, 0.0f, 0.0f, CANVAS_W, CANVAS_H, BG);
    for (float x = 80.0f; x < CANVAS_W; x += 80.0f) draw_line(c, (Vec2){ x, 0 }, (Vec2){ x, CANVAS_H }, 1.0f, GRID);
    for (float y = 80.0f; y < CANVAS_H; y += 80.0f) draw_line(c, (Vec2){ 0, y }, (Vec2){ CANVAS_W, y }, 1.0f, GRID);
}

static Color with_alpha(Color c, Uint8 a) { c.a = a; return c; }
static Color darker(Color c) { return (Color){ (Uint8)(c.r / 2), (Uint8)(c.g / 2), (Uint8)(c.b / 2), c.a }; }
static Color lighter(Color c)
{
    return (Color){ (Uint8)(c.r + (255 - c.r) / 3), (Uint8)(c.g + (255 - c.g) / 3), (Uint8)(c.b + (255 - c.b) / 3), c.a };
}

/* A convex outline clipped to the canvas grown by a margin (Sutherland-
 * Hodgman, one side at a time): a shape ten times the canvas fills only
 * what can be seen, not the software renderer's memory. out holds n + 4. */
static int clip_to_canvas(const Vec2 *in, int n, Vec2 *out)
{
    const float m = 32.0f;
    const float lim[4] = { -m, CANVAS_W + m, -m, CANVAS_H + m };
    Vec2 buf[2][104];
    int cnt = n < 96 ? n : 96;
    memcpy(buf[0], in, sizeof *in * (size_t)cnt);
    int cur = 0;
    for (int side = 0; side < 4 && cnt > 0; side++) {
        const Vec2 *src = buf[cur];
        Vec2 *dst = buf[cur ^ 1];
        int k = 0;
        for (int i = 0; i < cnt; i++) {
            Vec2 a = src[i], b = src[(i + 1) % cnt];
            float va = side < 2 ? a.x : a.y, vb = side < 2 ? b.x : b.y;
            bool ina = side % 2 == 0 ? va >= lim[side] : va <= lim[side];
            bool inb = side % 2 == 0 ? vb >= lim[side] : vb <= lim[side];
            if (ina) dst[k++] = a;
            if (ina != inb) {
                float t = (lim[side] - va) / (vb - va);
                dst[k++] = (Vec2){ a.x + t * (b.x - a.x), a.y + t * (b.y - a.y) };
            }
        }
        cnt = k;
        cur ^= 1;
    }
    memcpy(out, buf[cur], sizeof *out * (size_t)cnt);
    return cnt;
}

static void draw_shapes(const App *app, Canvas *c)
{
    const World *w = &app->world;
    Vec2 pts[96];
    bool many = w->count > 200;
    /* a frame's drawing is bounded: past about 12 canvases of filled area
     * (thousands of huge overlapping shapes), the rest are dots */
    float filled = 0.0f;
    const float fill_budget = 12.0f * CANVAS_W * CANVAS_H;
    /* an open guess question: one neutral colour, no hatching */
    const bool hide = guess_hides(app);
    for (int i = 0; i < w->count; i++) {
        const Shape *s = &w->shapes[i];
        const Body *b = &w->bodies[i];
        bool hit = w->colliding[i] && !hide;
        Color fill = hide ? GUESS_NEUTRAL : hit ? app_color_hit(app) : app_color_free(app);
        int n = shape_outline(s, &c->view, pts, many ? 16 : 96);
        if (many && filled > fill_budget) {
            /* a dot at the centre (a software renderer pays for each
             * triangle's bounding box: no long outlines either) */
            draw_dot(c, b->pos, 2.0f, with_alpha(fill, 255));
            continue;
        }
        if (many) {
            Aabb box = shape_aabb(s);
            float bw = fminf(box.max.x, CANVAS_W) - fmaxf(box.min.x, 0.0f);
            float bh = fminf(box.max.y, CANVAS_H) - fmaxf(box.min.y, 0.0f);
            if (bw > 0.0f && bh > 0.0f) filled += bw * bh;
            /* too small to hatch: colliding shapes are bright, free ones dim,
             * so the difference is in lightness as well as hue */
            Vec2 clipped[104];
            draw_poly_fill(c, clipped, clip_to_canvas(pts, n, clipped), with_alpha(fill, hit ? 255 : 120));
            continue;
        }
        Vec2 clipped[104];
        draw_poly_fill(c, clipped, clip_to_canvas(pts, n, clipped), with_alpha(fill, 185));
        /* colliding shapes are hatched and thick-edged, not only red: the
         * difference survives colour blindness and a washed-out projector */
        if (hit) draw_hatch(c, pts, n, 16.0f, 4.0f, with_alpha(darker(fill), 255));
        draw_poly_outline(c, pts, n, hit ? 6.0f : 3.0f, hit ? fill : lighter(fill));
        /* the lessons' labels keep off the outlines (a few chords of a circle do) */
        if (w->count <= 12 && n >= 2) {
            int step = n > 24 ? n / 24 : 1;
            for (int k = 0; k < n; k += step) canvas_avoid_line(c, pts[k], pts[(k + step) % n], hit ? 6.0f : 3.0f);
        }
        if (b->kind == SHAPE_CIRCLE) {
            /* the radius line shows a circle's rotation */
            Vec2 e = { b->pos.x + b->radius * cosf(b->angle), b->pos.y + b->radius * sinf(b->angle) };
            draw_line(c, b->pos, e, 2.0f, INK);
        }
        draw_dot(c, b->pos, 3.0f, INK);
    }
    if (w->selected >= 0 && w->selected < w->count) {
        /* the selection rings the shape just outside its own outline, so a
         * thin shape still shows its colour (red when colliding) */
        Shape grown = w->shapes[w->selected];
        const float gap = 7.0f / (c->view.zoom > 0.0f ? c->view.zoom : 1.0f);
        if (grown.kind == SHAPE_CIRCLE) {
            grown.circle.radius += gap;
        } else if (grown.kind == SHAPE_RECT) {
            grown.rect.half.x += gap;
            grown.rect.half.y += gap;
        } else {
            Vec2 m = poly_centroid(&grown.poly);
            for (int k = 0; k < grown.poly.count && k < POLY_MAX_VERTS; k++) {
                Vec2 d = { grown.poly.verts[k].x - m.x, grown.poly.verts[k].y - m.y };
                float len = sqrtf(d.x * d.x + d.y * d.y);
                if (len > 1e-6f) grown.poly.verts[k] = (Vec2){ grown.poly.verts[k].x + d.x / len * gap, grown.poly.verts[k].y + d.y / len * gap };
            }
        }
        const Shape *s = &grown;
        int n = shape_outline(s, &c->view, pts, 96);
        /* a white outline with a dark rim reads on any fill */
        draw_poly_outline(c, pts, n, 7.0f, (Color){ 0, 0, 0, 200 });
        draw_poly_outline(c, pts, n, 3.5f, SELECT);
    }
}

static const char *kind_name(ShapeKind k)
{
    return k == SHAPE_CIRCLE ? tr("shape.circle") : k == SHAPE_RECT ? tr("shape.rect") : tr("shape.poly");
}

/* A panel of lines, each wrapped to max_w (canvas units, text only), with
 * its top-left (ALIGN_LEFT) or top-right (ALIGN_RIGHT) corner at (x, y).
 * Returns its size; draw false only measures. */
static Vec2 hud_panel(Canvas *c, float x, float y, const char *const *lines, const float *sizes,
                      const Color *cols, int n, Align align, float max_w, bool draw)
{
    float wmax = 0.0f, h = 12.0f;
    for (int i = 0; i < n; i++) {
        int rows = 0;
        float wi = measure_hud_text_wrapped(c, sizes[i], max_w, lines[i], &rows);
        if (wi > wmax) wmax = wi;
        /* a line of no colour only reserves width (the panel keeps its size
         * when a value changes), and is neither drawn nor given a row */
        if (cols[i].a > 0) h += sizes[i] * 1.3f * (float)(rows > 0 ? rows : 1);
    }
    if (wmax <= 0.0f) return (Vec2){ 0.0f, 0.0f };
    if (!draw) return (Vec2){ wmax + 24.0f, h };
    float bx = align == ALIGN_RIGHT ? x - wmax - 24.0f : x;
    draw_hud_box(c, bx, y, wmax + 24.0f, h, PANEL);
    float ty = y + 6.0f;
    for (int i = 0; i < n; i++) {
        if (cols[i].a == 0) continue;
        float lh = sizes[i] * 1.3f;
        int rows = draw_hud_text_wrapped(c, (Vec2){ align == ALIGN_RIGHT ? x - 12.0f : x + 12.0f, ty }, sizes[i], lh,
                                         max_w, cols[i], align, lines[i]);
        ty += lh * (float)(rows > 0 ? rows : 1);
    }
    return (Vec2){ wmax + 24.0f, h };
}

/* A panel placed at (x, y) as hud_panel places it: drawn, or (draw false)
 * only kept clear of the lesson's labels, which are placed before it. */
static Vec2 hud_panel_at(Canvas *c, bool draw, float x, float y, const char *const *lines, const float *sizes,
                         const Color *cols, int n, Align align, float max_w)
{
    Vec2 sz = hud_panel(c, x, y, lines, sizes, cols, n, align, max_w, draw);
    if (!draw) canvas_keep_out_hud(c, align == ALIGN_RIGHT ? x - sz.x : x, y, sz.x, sz.y);
    return sz;
}

/* A help line; the language line names 繁體中文 only when it can be drawn. */
static const char *help_line(const Canvas *c, const char *key)
{
    if (strcmp(key, "help.language") == 0 && !text_has_cjk(c->text)) key = "help.language_no_cjk";
    return tr(key);
}

static void draw_help(const App *app, Canvas *c)
{
    static const char *keys[] = {
        "help.move", "help.nudge", "help.turn", "help.slow", "help.tab", "help.mouse", "help.wheel", "help.lessons",
        "help.presets", "help.restart", "help.axes", "help.many", "help.explain", "help.guess", "help.pause", "help.slowmo", "help.zoom", "help.palette",
        "help.scene", "help.screenshot", "help.fullscreen", "help.language", "help.fps", "help.quit",
    };
    const int nkeys = (int)(sizeof keys / sizeof keys[0]);
    /* after the number keys: PageUp / PageDown and every lesson by name */
    char list[2048];
    int len = snprintf(list, sizeof list, "%s", tr("help.lesson_list"));
    for (int i = 0; i < lesson_count() && len >= 0 && (size_t)len < sizeof list; i++) {
        char key[64];
        snprintf(key, sizeof key, "%s.title", lesson_get(i)->key);
        len += snprintf(list + len, sizeof list - (size_t)len, "%s%d %s", i == 0 ? "  " : " · ", i, tr(key));
    }
    const char *lines[32];
    int n = 0;
    for (int i = 0; i < nkeys && n < 31; i++) {
        lines[n++] = help_line(c, keys[i]);
        if (strcmp(keys[i], "help.lessons") == 0) lines[n++] = list;
    }
    /* sized to its text and centred, above everything else; lines wrap to
     * the canvas, and a language that needs more rows gets a smaller size */
    const float max_text = CANVAS_W - 40.0f - 56.0f;
    float size = HUD_SMALL, wmax = 0.0f, h = 0.0f;
    for (; size >= 14.0f; size -= 1.0f) {
        int rows = 0;
        wmax = measure_hud_text_wrapped(c, HUD_TITLE, max_text, tr("help.title"), NULL);
        for (int i = 0; i < n; i++) {
            int r = 0;
            wmax = fmaxf(wmax, measure_hud_text_wrapped(c, size, max_text, lines[i], &r));
            rows += r > 0 ? r : 1;
        }
        h = 64.0f + (float)rows * size * 1.32f + 16.0f;
        if (h <= CANVAS_H - 8.0f) break;
    }
    float line = size * 1.32f;
    float w = wmax + 56.0f;
    float x = 0.5f * (CANVAS_W - w), y = fmaxf(4.0f, 0.5f * (CANVAS_H - h));
    draw_hud_box(c, x, y, w, h, (Color){ 8, 10, 14, 255 });
    draw_hud_box(c, x, y, w, 4.0f, app_color_accent(app));
    draw_hud_text(c, (Vec2){ x + 28.0f, y + 14.0f }, HUD_TITLE, INK, ALIGN_LEFT, tr("help.title"));
    float ty = y + 64.0f;
    for (int i = 0; i < n; i++) {
        int rows = draw_hud_text_wrapped(c, (Vec2){ x + 28.0f, ty }, size, line, max_text, INK, ALIGN_LEFT, lines[i]);
        ty += line * (float)(rows > 0 ? rows : 1);
    }
}

/* The four corner panels; draw false only keeps the labels out of them. */
static void draw_hud(const App *app, Canvas *c, bool draw)
{
    const World *w = &app->world;
    const Lesson *L = app_lesson(app);
    /* the four corner panels never cross the canvas edge nor each other: the
     * right-hand panel on top and the left-hand one below are sized first,
     * their neighbours wrap into what is left */
    const float margin = 10.0f, pad = 24.0f, gap = 10.0f;

    /* top right: the selected shape */
    char l1[320], l2[320], l3[320];
    const char *sel[3] = { l1, l2, l3 };
    float ss[3] = { HUD_TEXT, HUD_SMALL, HUD_TEXT };
    Color sc[3] = { INK, INK, { 0, 0, 0, 0 } };   /* l3: the other state, for its width only */
    Vec2 right = { 0.0f, 0.0f };
    bool show_sel = w->selected >= 0 && w->selected < w->count && w->count <= 200;
    if (show_sel) {
        const Body *b = &w->bodies[w->selected];
        const bool hide = guess_hides(app);
        sc[0] = hide ? INK : w->colliding[w->selected] ? app_color_hit(app) : app_color_free(app);
        snprintf(l1, sizeof l1, tr("hud.selected"), kind_name(b->kind), w->selected + 1, w->count,
                 hide ? "?" : tr(w->colliding[w->selected] ? "hud.colliding" : "hud.free"));
        snprintf(l3, sizeof l3, tr("hud.selected"), kind_name(b->kind), w->selected + 1, w->count,
                 tr(!hide && w->colliding[w->selected] ? "hud.free" : "hud.colliding"));
        if (b->kind == SHAPE_CIRCLE)
            snprintf(l2, sizeof l2, tr("hud.circle_info"), (double)b->pos.x, (double)b->pos.y, (double)b->radius);
        else if (b->kind == SHAPE_RECT)
            snprintf(l2, sizeof l2, tr("hud.rect_info"), (double)b->pos.x, (double)b->pos.y,
                     (double)(2.0f * b->half.x), (double)(2.0f * b->half.y), (double)(b->angle / DEG));
        else
            snprintf(l2, sizeof l2, tr("hud.poly_info"), (double)b->pos.x, (double)b->pos.y, b->count,
                     (double)(b->angle / DEG));
        right = hud_panel_at(c, draw, CANVAS_W - margin, margin, sel, ss, sc, 3, ALIGN_RIGHT, 520.0f);
    }

    /* top left: the lesson and its idea */
    char key[64], title[200];
    snprintf(key, sizeof key, "%s.title", L->key);
    if (app->lesson == 0 && w->title[0] != '\0') snprintf(title, sizeof title, "%s", w->title);
    else snprintf(title, sizeof title, "%d. %s", app->lesson, tr(key));
    const char *lines[16];
    float sizes[16];
    Color cols[16];
    int n = 0;
    lines[n] = title; sizes[n] = HUD_TITLE; cols[n++] = INK;
    /* which edge case is on the board (F2..F5) */
    char preset_line[160];
    if (app->preset > 0) {
        /* the lesson's own name for it ("lesson11.preset.2"), else the
         * general one ("preset.2") */
        char pk[48];
        snprintf(pk, sizeof pk, "%s.preset.%d", L->key, app->preset);
        if (strcmp(tr(pk), pk) == 0) snprintf(pk, sizeof pk, "preset.%d", app->preset);
        snprintf(preset_line, sizeof preset_line, tr("hud.preset"), app->preset + 1, tr(pk));
        lines[n] = preset_line; sizes[n] = HUD_SMALL; cols[n++] = app_color_accent(app);
    }
    char idea1[64], idea2[64];
    snprintf(idea1, sizeof idea1, "%s.idea1", L->key);
    snprintf(idea2, sizeof idea2, "%s.idea2", L->key);
    if (app->explain) {
        lines[n] = tr(idea1); sizes[n] = HUD_SMALL; cols[n++] = INK_DIM;
        lines[n] = tr(idea2); sizes[n] = HUD_SMALL; cols[n++] = INK_DIM;
    }
    char lesson_lines[8][160];
    int ln = (app->explain && !guess_hides(app) && L->hud != NULL) ? L->hud(app, app->lesson_state, lesson_lines, 8) : 0;
    for (int i = 0; i < ln && n < 14; i++) { lines[n] = lesson_lines[i]; sizes[n] = HUD_TEXT; cols[n++] = app_color_accent(app); }
    float left_w = CANVAS_W - 2.0f * margin - pad - (right.x > 0.0f ? right.x + gap : 0.0f);
    hud_panel_at(c, draw, margin, margin, lines, sizes, cols, n, ALIGN_LEFT, left_w);

    /* bottom left: the guess (G), then the colliding pairs with their depth
     * (not while a guess question is open: they give the answer) */
    char pl[10][320];
    const char *plines[10];
    float psz[10];
    Color pcol[10];
    const int gn = guess_hud(app, pl, 3);
    int pn = gn;
    for (int i = 0; i < gn; i++) { psz[i] = i == 0 ? HUD_TEXT : HUD_SMALL; pcol[i] = i == 0 ? app_color_accent(app) : INK; }
    if (!guess_hides(app)) {
        if (w->pair_total == 0 && w->pairs_exact) snprintf(pl[pn], sizeof pl[pn], "%s", tr("hud.no_pairs"));
        else if (!w->pairs_exact) snprintf(pl[pn], sizeof pl[pn], tr("hud.pairs_at_least"), w->pair_total, w->tested);
        else snprintf(pl[pn], sizeof pl[pn], tr("hud.pairs"), w->pair_total);
        pn++;
        if (w->pair_total > w->pair_count) { snprintf(pl[pn], sizeof pl[pn], tr("hud.pairs_kept"), w->pair_count); pn++; }
        for (int k = 0; k < w->pair_count && pn < gn + 5 && w->count <= 200; k++) {
            const Pair *p = &w->pairs[k];
            snprintf(pl[pn], sizeof pl[pn], tr("hud.pair_line"), kind_name(w->bodies[p->a].kind), p->a + 1,
                     kind_name(w->bodies[p->b].kind), p->b + 1, (double)p->contact.depth);
            pn++;
        }
        if (w->pair_count > 4 && pn == gn + 5 && w->count <= 200) { snprintf(pl[pn], sizeof pl[pn], "…"); pn++; }
        for (int i = gn; i < pn; i++) { psz[i] = HUD_SMALL; pcol[i] = INK; }
    }
    for (int i = 0; i < pn; i++) plines[i] = pl[i];
    Vec2 bl = hud_panel(c, 0.0f, 0.0f, plines, psz, pcol, pn, ALIGN_LEFT, 560.0f, false);
    hud_panel_at(c, draw, margin, CANVAS_H - margin - bl.y, plines, psz, pcol, pn, ALIGN_LEFT, 560.0f);

    /* bottom right: state, status message, the hint */
    char br[4][STATUS_MAX + 64];
    const char *blines[4];
    float bsz[4];
    Color bcol[4];
    int bn = 0;
    if (app->status[0] != '\0' && app->tick < app->status_until) {
        snprintf(br[bn], sizeof br[bn], "%s", app->status);
        bcol[bn] = app_color_accent(app);
        bsz[bn++] = HUD_SMALL;
    }
    if (app->paused || app->slowmo) {
        snprintf(br[bn], sizeof br[bn], "%s%s%s", app->paused ? tr("hud.paused") : "",
                 app->paused && app->slowmo ? "  " : "", app->slowmo ? tr("hud.slowmo") : "");
        bcol[bn] = app_color_accent(app);
        bsz[bn++] = HUD_TEXT;
    }
    if (app->show_fps) {
        snprintf(br[bn], sizeof br[bn], tr("hud.fps"), (double)app->fps, (double)app->frame_ms, (double)app->collide_ms,
                 (double)app->render_ms);
        bcol[bn] = INK;
        bsz[bn++] = HUD_SMALL;
    }
    snprintf(br[bn], sizeof br[bn], "%s", tr("hud.hint"));
    bcol[bn] = INK_DIM;
    bsz[bn++] = HUD_SMALL;
    for (int i = 0; i < bn; i++) blines[i] = br[i];
    float br_w = CANVAS_W - 2.0f * margin - pad - (bl.x > 0.0f ? bl.x + gap : 0.0f);
    Vec2 brs = hud_panel(c, 0.0f, 0.0f, blines, bsz, bcol, bn, ALIGN_RIGHT, br_w, false);
    hud_panel_at(c, draw, CANVAS_W - margin, CANVAS_H - margin - brs.y, blines, bsz, bcol, bn, ALIGN_RIGHT, br_w);

    if (draw && app->show_help) draw_help(app, c);
}

void app_draw(const App *app, Canvas *c)
{
    SDL_SetRenderDrawColor(c->r, 8, 9, 12, 255);
    SDL_RenderClear(c->r);
    SDL_SetRenderDrawBlendMode(c->r, SDL_BLENDMODE_BLEND);
    draw_grid(c);
    /* the panels go over everything, but their places are known first:
     * the lesson's labels keep out of them */
    draw_hud(app, c, false);
    const Lesson *L = app_lesson(app);
    /* an open guess question hides the explanation: it states the verdict */
    const bool explain = app->explain && !guess_hides(app);
    if (explain && L->draw_under != NULL) L->draw_under(app, app->lesson_state, c);
    draw_shapes(app, c);
    if (explain && L->draw_over != NULL) L->draw_over(app, app->lesson_state, c);
    canvas_flush(c);
    draw_hud(app, c, true);
    canvas_flush(c);
}
