// Romanian, the web client's third language: every string of the other languages' files
// (strings-*.js), kept in this folder so that the Italian and English files stay as they are.
// i18n.js takes RO_STRINGS as CATALOG.ro (and the cards' names from table.js); tests/js fails on
// any key missing here.
import { ERROR_RO } from "./errors.js";
import { ANALYSIS_RO, FLOW_RO } from "./flow.js";
import { SCORE_RO } from "./score.js";
import { TABLE_RO } from "./table.js";
import { SIGNAL_STRINGS } from "../strings-signals.js";
import { OFFLINE_STRINGS } from "../strings-offline.js";
import { LOBBY_STRINGS } from "../strings-lobby.js";
import { PROFILE_STRINGS } from "../strings-profile.js";
import { LESSON_STRINGS } from "../strings-lesson.js";
import { SETTINGS_STRINGS } from "../strings-settings.js";
import { EMOTE_STRINGS } from "../strings-emotes.js";

/** Every Romanian string by key. */
export const RO_STRINGS = {
  ...TABLE_RO,
  ...ERROR_RO,
  ...SCORE_RO,
  ...ANALYSIS_RO,
  ...FLOW_RO,
  ...SIGNAL_STRINGS.ro,
  ...LESSON_STRINGS.ro,
  ...SETTINGS_STRINGS.ro,
  ...OFFLINE_STRINGS.ro,
  ...LOBBY_STRINGS.ro,
  ...PROFILE_STRINGS.ro,
  ...EMOTE_STRINGS.ro,
};
