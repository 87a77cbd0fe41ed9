/**
 * Imported first by tools that draw their own progress (catalog:import): unless LOG_LEVEL is set,
 * logs below warnings stay quiet. It sets the default before src/lib/config.ts is read (the logger
 * takes its level from there when it is first imported).
 */
process.env.LOG_LEVEL ||= 'warn';
