import { speedUpComputedStyle } from './jsdom-computed-style';

// jsdom's getComputedStyle, which Testing Library's role queries call for every node they name, answered sooner
// (test/frontend/jsdom-computed-style.ts). The node files of the unit projects have no document.
if (typeof document !== 'undefined') speedUpComputedStyle(document);
