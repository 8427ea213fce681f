// The async boundary lets the MF runtime negotiate shared singletons before any app code runs.
import('./bootstrap');
