/** A point or direction as three numbers (mm for points). The one Vec3 of surfcd. */
export type Vec3 = [number, number, number];
