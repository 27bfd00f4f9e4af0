/** Stops a live subscription. Its own module so the live-read helpers share it one way. */
export type Unsubscribe = () => void;
