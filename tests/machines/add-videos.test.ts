import { describeModel } from '../support/model-vitest.js';
import { model } from './add-videos.model.js';

describeModel(model);
