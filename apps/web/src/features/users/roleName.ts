import { ROLE_NAME_MAX_CHARS, requiredText } from '@storelens/contracts';

/** Role names: required, at most ROLE_NAME_MAX_CHARS (the server also keeps them unique). */
export const ROLE_NAME_SCHEMA = requiredText(ROLE_NAME_MAX_CHARS);
