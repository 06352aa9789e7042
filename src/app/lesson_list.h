/*
 * lesson_list.h - every lesson of the lab, one line each, in the order of
 * their numbers: the number keys pick 0..9, PageUp / PageDown step through
 * all of them, --lesson N starts on any. To add a lesson, write its file
 * (README: "Adding a lesson") and add its line here.
 */
LESSON(lesson_0)   /* the playground */
LESSON(lesson_1)
LESSON(lesson_2)
LESSON(lesson_3)
LESSON(lesson_4)
LESSON(lesson_5)
LESSON(lesson_6)
LESSON(lesson_7)
LESSON(lesson_8)
LESSON(lesson_9)
LESSON(lesson_10)  /* ray cast */
LESSON(lesson_11)  /* tunnelling */
LESSON(lesson_12)  /* Minkowski difference and GJK */
LESSON(lesson_13)  /* Response along the minimum translation */
