import { describeModel } from '../support/model-vitest.js';
import { model } from './edit-video.model.js';

describeModel(model);
