/**
 * React bindings of the page's one i18next instance. Remotes import them from here, never from
 * `react-i18next` directly: this module is shared as a singleton (one i18n context for the page)
 * and trimmed to these names.
 */
export { I18nextProvider, useTranslation } from 'react-i18next';
