import fc from 'fast-check';

// Local runs explore new random cases every time (that is how the flat-hull bug was found);
// CI runs one fixed seed so a landing never depends on the luck of the draw.
// Reproduce a local failure with the seed fast-check prints.
if (process.env['CI']) fc.configureGlobal({ seed: 20261122 });
