import { describeLocales } from '@mchezo/i18n/locale-check';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import sw from './locales/sw.json';

describeLocales('offline page', { en, es, fr, sw });
