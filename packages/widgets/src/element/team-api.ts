// The company calls, for the elements that ask for the signed-in person's company once they have rendered (settings,
// subscribe): imported dynamically, so their first paint does not wait for it.
export { teamApi } from "@agency/core";
