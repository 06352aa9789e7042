// lab_library.js - the JavaScript that web/main_web.c calls (emcc
// --js-library): each function hands over to the page (web/index.html),
// which owns downloads, the file picker and the address bar.
mergeInto(LibraryManager.library, {
  lab_download_file: function (path, name, mime) {
    Module.labDownloadFile(UTF8ToString(path), UTF8ToString(name), UTF8ToString(mime));
  },
  lab_save_scene: function (json, name, lesson) {
    Module.labSaveScene(UTF8ToString(json), UTF8ToString(name), lesson);
  },
  lab_open_file: function () {
    Module.labOpenFile();
  },
  lab_first_frame: function () {
    if (Module.labFirstFrame) Module.labFirstFrame();
  },
  lab_failed: function (what) {
    if (Module.labFailed) Module.labFailed(UTF8ToString(what));
  },
});
