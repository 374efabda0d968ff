import { configure } from '@testing-library/react';

// Testing Library's findBy* and waitFor give up after 1 s by default: too short for a screen to show in jsdom while
// the journeys' browsers and stacks load the two cores (a clean run once failed a screen's text "not found in time").
// Waiting longer only matters to a test that fails anyway.
configure({ asyncUtilTimeout: 10_000 });
