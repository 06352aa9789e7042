/*
 * app.h - the lab: the world, the lesson on the board, the held keys, the
 * view, and what one tick and one frame do. main.c drives it from SDL events
 * (windowed) or from an input script (headless); both reach it through
 * app_event() and app_tick(), so a script replays exactly what a person did.
 * The lab itself calls no SDL: main.c translates SDL's events into the
 * lab's (input.h), hands it a clock, and backs its Canvas (draw.h).
 */
#ifndef APP_H
#define APP_H

#include <stdbool.h>
#include <jansson.h>
#include "world.h"
#include "input.h"
#include "draw.h"
#include "lesson.h"
#include "guess.h"

#define STATUS_MAX 256

struct App {
    World world;
    int lesson;              /* its number in lesson_list.h */
    int preset;
    void *lesson_state;      /* the lesson's own state (Lesson.state_size bytes), or NULL */
    char scene_path[4096];   /* the scene file last opened or saved (Ctrl+S / Ctrl+O);
                              * kept across lesson and preset switches; "" for none */
    HeldSet held;
    long tick;               /* fixed ticks run */
    bool paused, step_once, slowmo;
    bool show_help, show_fps, explain;
    bool fullscreen_wanted;  /* the window is fullscreen (main.c keeps it true to the window) */
    bool dirty;              /* shapes moved since the lesson, scene or save */
    bool quit_asked;         /* Esc with unsaved changes asked once; Esc again quits */
    Palette palette;
    int text_level;          /* Ctrl+= / Ctrl+- steps of app_text_scale; 0: as designed */
    bool light;              /* F7: the light, high-contrast theme (a washed-out projector) */
    /* mouse */
    int dragging;            /* body index, or -1 */
    Vec2 drag_offset;
    bool panning;
    Vec2 mouse;              /* canvas coordinates */
    Vec2 mouse_screen;
    View view;
    /* messages in the HUD */
    char status[STATUS_MAX];
    long status_until;       /* tick */
    /* what main.c asks of a frame */
    bool want_quit, want_screenshot, want_fullscreen_toggle;
    bool headless;           /* no window: no timings, so pixels repeat */
    Guess guess;             /* G: predict, then reveal (guess.c) */
    /* what the front end provides (NULL: none) */
    double (*clock_ms)(void);        /* a clock in ms, for the timings */
    bool (*cjk_available)(void);     /* Chinese can be drawn (L offers it) */
    /* timing shown in the HUD */
    float fps, frame_ms;     /* frames a second, and the mean time between two */
    float collide_ms;        /* the last tick's collision pass */
    float render_ms;         /* drawing the last frame: CPU work only, no wait for vsync */
};

/* Starts on lesson n (0 .. lesson_count() - 1): builds its scene. False
 * when it could not (out of memory). */
bool app_init(App *app, int lesson);
void app_free(App *app);
/* Switches lesson or preset (keeps palette, help, view settings); a new
 * lesson starts with fresh state, a preset of the same lesson keeps it.
 * False (nothing changed, a status message says why) when it cannot. */
bool app_set_lesson(App *app, int n, int preset);
/* Replaces the world by w's contents (a scene file): the lesson on the
 * board restarts its state on it. w is left empty. */
void app_take_world(App *app, World *w);
/* The collision pass and the lesson's picture, after the world changed. */
void app_refresh(App *app);
/* The lesson on the board. */
const Lesson *app_lesson(const App *app);
/* One input event (SDL or script): updates the held set or fires actions. */
void app_event(App *app, const InputEvent *ev);
/* One fixed tick of 1/60 s (the world stays put while paused). */
void app_tick(App *app);
/* Draws the whole frame into the canvas (drawing changes nothing). */
void app_draw(const App *app, Canvas *c);
/* The --state-out document: the scene plus tick, per-shape colliding and
 * selected, the colliding pairs and the lesson's report. New reference. */
json_t *app_state_json(const App *app);
/* What the lesson's picture explains now (Lesson.explain); false when it
 * explains no pair. Its verdict always equals shapes_collide on the pair. */
bool app_explanation(const App *app, Explanation *out);
/* Shows a message in the HUD for a few seconds. */
void app_status(App *app, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Saves the scene (Ctrl+S) next to --scene, or to a timestamped file. */
void app_save_scene(App *app);
/* Reloads the scene file last opened or saved (Ctrl+O); a bad file leaves
 * the scene as it was. */
void app_reload_scene(App *app);
/* The folder a teacher would look in for a new file, as a full path: the
 * scene's folder, else the XDG pictures (pictures true) or documents
 * folder, else the home folder. */
void app_output_folder(const App *app, bool pictures, char *out, size_t n);
/* Where the arrangement is kept on quit: $XDG_STATE_HOME/collision-lab/
 * autosave.json, else ~/.local/state/collision-lab/autosave.json. False
 * when neither can be named. */
bool app_autosave_path(char *out, size_t n);
/* Writes the arrangement (with its lesson and view) there; false with a
 * message in err when it could not. */
bool app_write_autosave(const App *app, char *err, size_t errlen);
/* The view a scene asks for ("view": zoom 1..16, pan kept on the canvas). */
void app_set_view(App *app, float zoom, Vec2 pan);
/* Ctrl+R: the arrangement of the last session back on the board. */
void app_restore_autosave(App *app);

/* Text size for a projector: steps TEXT_LEVEL_MIN .. TEXT_LEVEL_MAX (0:
 * as designed), each about an eighth larger; every text, HUD and labels. */
#define TEXT_LEVEL_MIN (-2)
#define TEXT_LEVEL_MAX 2
float app_text_scale(const App *app);
/* Sets the step (clamped); false when it was at the end already. */
bool app_set_text_level(App *app, int level);
/* The step whose scale is nearest to scale (for --text-scale). */
int app_text_level_for(float scale);

/* The palette's colours (theme.h), in the palette and theme the app is in. */
static inline Color app_color_free(const App *app) { return theme_free(app->palette, app->light); }
static inline Color app_color_hit(const App *app) { return theme_hit(app->palette, app->light); }
static inline Color app_color_accent(const App *app) { return theme_accent(app->palette, app->light); }   /* explanations */
static inline Color app_color_gap(const App *app) { return theme_gap(app->palette, app->light); }         /* a separating gap */
static inline Color app_color_background(const App *app) { return app->light ? THEME_LIGHT.bg : THEME_DARK.bg; }   /* the canvas */

#endif
