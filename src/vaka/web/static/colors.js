// Seat colours from the Okabe–Ito palette, told apart by people with any colour vision;
// every seat is also named and numbered wherever it is drawn, never told by colour alone.
export const SEAT_COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00"];
export const seatColour = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];
