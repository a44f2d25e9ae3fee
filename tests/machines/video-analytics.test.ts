import { describeModel } from '../support/model-vitest.js';
import { model } from './video-analytics.model.js';

describeModel(model);
