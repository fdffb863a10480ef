/** Constants of the bookings slice (hold time, price confirmation window …). */
export {};
