/*
** yaml.h -- stand-in for the WebAssembly build (tools/web/).
**
** The page has no YAML reader: tools/web/table2c.c reads the ratings/ tables
** with the real libyaml at build time and compiles the tables in.  The
** engine's table code still runs there (difficulties, copies), and its
** YAML document reader, engine/yaml_doc.c, is built against these
** declarations (the few libyaml names and fields it uses); parsing a table
** at run time fails with a message that says why.
*/
#ifndef SK_WEB_YAML_H
#define SK_WEB_YAML_H

#include <stddef.h>

typedef unsigned char yaml_char_t;

typedef struct yaml_mark_s { size_t index, line, column; } yaml_mark_t;

typedef enum yaml_error_type_e {
  YAML_NO_ERROR, YAML_MEMORY_ERROR, YAML_READER_ERROR, YAML_SCANNER_ERROR,
  YAML_PARSER_ERROR, YAML_COMPOSER_ERROR, YAML_WRITER_ERROR, YAML_EMITTER_ERROR
} yaml_error_type_t;

typedef enum yaml_scalar_style_e {
  YAML_ANY_SCALAR_STYLE, YAML_PLAIN_SCALAR_STYLE, YAML_SINGLE_QUOTED_SCALAR_STYLE,
  YAML_DOUBLE_QUOTED_SCALAR_STYLE, YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE
} yaml_scalar_style_t;

typedef enum yaml_event_type_e {
  YAML_NO_EVENT, YAML_STREAM_START_EVENT, YAML_STREAM_END_EVENT,
  YAML_DOCUMENT_START_EVENT, YAML_DOCUMENT_END_EVENT, YAML_ALIAS_EVENT,
  YAML_SCALAR_EVENT, YAML_SEQUENCE_START_EVENT, YAML_SEQUENCE_END_EVENT,
  YAML_MAPPING_START_EVENT, YAML_MAPPING_END_EVENT
} yaml_event_type_t;

typedef struct yaml_event_s {
  yaml_event_type_t type;
  union {
    struct { yaml_char_t *anchor; } alias;
    struct {
      yaml_char_t *anchor, *tag, *value;
      size_t length;
      int plain_implicit, quoted_implicit;
      yaml_scalar_style_t style;
    } scalar;
    struct { yaml_char_t *anchor, *tag; int implicit; } sequence_start;
    struct { yaml_char_t *anchor, *tag; int implicit; } mapping_start;
  } data;
  yaml_mark_t start_mark, end_mark;
} yaml_event_t;

typedef struct yaml_parser_s {
  yaml_error_type_t error;
  const char *problem;
  size_t problem_offset;
  int problem_value;
  yaml_mark_t problem_mark;
  const char *context;
  yaml_mark_t context_mark;
} yaml_parser_t;

static inline int yaml_parser_initialize(yaml_parser_t *p) {
  yaml_parser_t z = {YAML_NO_ERROR, 0, 0, 0, {0, 0, 0}, 0, {0, 0, 0}};
  *p = z;
  return 1;
}
static inline void yaml_parser_set_input_string(yaml_parser_t *p, const unsigned char *s,
                                                size_t n) {
  (void)p; (void)s; (void)n;
}
static inline int yaml_parser_parse(yaml_parser_t *p, yaml_event_t *ev) {
  (void)ev;
  p->error = YAML_PARSER_ERROR;
  p->problem = "this build reads no YAML (its rating tables are compiled in)";
  return 0;
}
static inline void yaml_event_delete(yaml_event_t *ev) { (void)ev; }
static inline void yaml_parser_delete(yaml_parser_t *p) { (void)p; }

#endif
